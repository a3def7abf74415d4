import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { oneLine } from '../../http/one-line.ts';

export const userIdSchema = oneLine(z.string().min(1, 'userId cannot be empty').max(256));
/** A role name, or several (stored joined by commas). */
export const roleSchema = z.union([
  z.string().min(1).max(256),
  z.array(z.string().min(1).max(256)).min(1).max(20),
]);
export const joinRoles = (role: string | string[]): string => (Array.isArray(role) ? role.join(',') : role);

/**
 * The address belongs to someone else. Sign-up answers this code with 422; the admin routes answer
 * it with 400 (docs/protocol/admin.md#create-user, docs/protocol/admin.md#update-user).
 */
export const emailTaken = (): AuthError =>
  new AuthError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', { status: 400 });
