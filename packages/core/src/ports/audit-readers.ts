import type { AuthContext } from '../context.ts';
import type { User } from '../user/user.ts';

/**
 * Who may read the audit feature's organization view (`ports.organizationEvents`): throws the
 * refusal unless the user may read the organization's events.
 */
export type OrganizationEventsReader = (
  auth: AuthContext,
  user: User,
  organizationId: string,
) => Promise<void>;

/** Who may read the audit feature's whole-server view (`ports.adminEvents`). */
export type AdminEventsReader = (auth: AuthContext, user: User) => boolean;
