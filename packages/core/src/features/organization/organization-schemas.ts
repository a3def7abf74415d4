import { z } from 'zod';
import { AuthError, type ErrorCode } from '../../errors.ts';
import { oneLine } from '../../http/one-line.ts';

/** Input limits of the organization routes: generous, but bounded so no request stores megabytes. */
export const idSchema = oneLine(z.string().min(1).max(256));
export const nameSchema = oneLine(z.string().min(1).max(256));
export const slugSchema = oneLine(z.string().min(1).max(256));
export const logoSchema = oneLine(z.string().max(2048));
export const metadataSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 16_384, { message: 'metadata is too large' });
/** A role name, or several: a comma-separated string or an array. */
export const roleInputSchema = z.union([z.string().max(1024), z.array(z.string().max(256)).max(32)]);
export const permissionMapSchema = z.record(z.string().max(64), z.array(z.string().max(64)).max(32));

/**
 * Route-level "`organizationId` or the active organization" (docs/protocol/organization.md#routes, notation
 * orgId ← body/active).
 */
export function organizationIdOr(
  given: string | undefined,
  session: { activeOrganizationId?: string | null },
  code: ErrorCode,
): string {
  const id = given ?? session.activeOrganizationId;
  if (!id) throw new AuthError(code);
  return id;
}
