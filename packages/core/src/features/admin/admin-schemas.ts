import { z } from 'zod';

export const userIdSchema = z.string().min(1, 'userId cannot be empty').max(256);
/** A role name, or several (stored joined by commas). */
export const roleSchema = z.union([
  z.string().min(1).max(256),
  z.array(z.string().min(1).max(256)).min(1).max(20),
]);
export const joinRoles = (role: string | string[]): string => (Array.isArray(role) ? role.join(',') : role);
