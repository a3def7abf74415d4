import { z } from 'zod';
import { organizationStatements } from '../../../access/organization-roles.ts';
import { AuthError, type ErrorCode } from '../../../errors.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import type { OrganizationCaller } from '../policy/organization-caller.ts';

/** Role names: no commas, since member roles are stored as one comma-separated string. */
export const roleNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((name) => !name.includes(','), { message: 'Role names cannot contain commas' });

/** Names that always exist and cannot be created, renamed to or deleted. */
export const isPredefinedRole = (options: ResolvedOrganization, name: string): boolean =>
  ['owner', 'admin', 'member', options.creatorRole].includes(name);

/**
 * A stored role may only name known resources, and nobody may grant an action they do not hold
 * themselves (docs/protocol/organization.md#create-role steps 7–8). The 403 lists the missing
 * `resource:action` pairs.
 */
export async function checkGrantable(
  caller: OrganizationCaller,
  permission: Record<string, string[]>,
  denial: ErrorCode,
): Promise<void> {
  if (Object.keys(permission).some((resource) => !Object.hasOwn(organizationStatements, resource))) {
    throw new AuthError('INVALID_RESOURCE');
  }
  const missing: string[] = [];
  for (const [resource, actions] of Object.entries(permission)) {
    for (const action of actions) {
      if (!(await caller.can({ [resource]: [action] }))) missing.push(`${resource}:${action}`);
    }
  }
  if (missing.length > 0) throw new AuthError(denial, { details: { missingPermissions: missing } });
}
