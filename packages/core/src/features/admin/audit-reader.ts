import type { AuthContext } from '../../context.ts';
import type { User } from '../../user/user.ts';
import { isAdminTarget } from './admin-access.ts';

/**
 * Who may read every security event (GET /admin/events): admins, i.e. users listed in the admin
 * ids, bootstrap admins and holders of an admin role. Supplied as `ports.adminEvents` (module.ts),
 * so the audit feature needs no import of ours.
 */
export const adminAuditReader = (auth: AuthContext, user: User): boolean => isAdminTarget(auth, user);
