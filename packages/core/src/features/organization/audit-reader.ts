import type { AuthContext } from '../../context.ts';
import type { User } from '../../user/user.ts';
import type { ResolvedOrganization } from './organization-config.ts';
import { resolveCaller } from './policy/organization-caller.ts';

/**
 * Who may read an organization's security events (GET /organization/events): a member whose
 * roles grant `auditLog:read`, owner and admin by default, or any custom role given it.
 * Supplied as `ports.organizationEvents` (module.ts), so the audit feature needs no import of ours.
 */
export const organizationAuditReader =
  (options: ResolvedOrganization) =>
  async (auth: AuthContext, user: User, organizationId: string): Promise<void> => {
    await resolveCaller(auth, options, {
      organizationId,
      user,
      notMember: { code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', status: 403 },
      permission: { auditLog: ['read'] },
      denied: 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG',
    });
  };
