import { adminBanUser, adminUnbanUser } from './ban-user.ts';
import { adminCreateUser } from './create-user.ts';
import { adminGetUser } from './get-user.ts';
import { adminHasPermission } from './has-permission.ts';
import { adminImpersonateUser, adminStopImpersonating } from './impersonation.ts';
import { adminListUserMemberships } from './list-user-memberships.ts';
import { adminListUserPasskeys } from './list-user-passkeys.ts';
import { adminListUsers } from './list-users.ts';
import { adminRemoveUser } from './remove-user.ts';
import { adminResetTwoFactor } from './reset-two-factor.ts';
import { adminSetRole } from './set-role.ts';
import { adminSetUserPassword } from './set-user-password.ts';
import { adminUpdateUser } from './update-user.ts';
import { adminListUserSessions, adminRevokeUserSession, adminRevokeUserSessions } from './user-sessions.ts';

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
  adminResetTwoFactor,
  adminListUserPasskeys,
  adminListUserMemberships,
] as const;
