import { adminBanUser, adminUnbanUser } from './admin/ban-user.ts';
import { adminCreateUser } from './admin/create-user.ts';
import { adminGetUser } from './admin/get-user.ts';
import { adminHasPermission } from './admin/has-permission.ts';
import { adminImpersonateUser, adminStopImpersonating } from './admin/impersonation.ts';
import { adminListUsers } from './admin/list-users.ts';
import { adminRemoveUser } from './admin/remove-user.ts';
import { adminSetRole } from './admin/set-role.ts';
import { adminSetUserPassword } from './admin/set-user-password.ts';
import { adminUpdateUser } from './admin/update-user.ts';
import {
  adminListUserSessions,
  adminRevokeUserSession,
  adminRevokeUserSessions,
} from './admin/user-sessions.ts';

/** The admin feature's endpoints, routed only when the feature is on. */
export const adminEndpoints = [
  adminCreateUser,
  adminListUsers,
  adminGetUser,
  adminUpdateUser,
  adminSetRole,
  adminSetUserPassword,
  adminBanUser,
  adminUnbanUser,
  adminImpersonateUser,
  adminStopImpersonating,
  adminRemoveUser,
  adminListUserSessions,
  adminRevokeUserSession,
  adminRevokeUserSessions,
  adminHasPermission,
] as const;
