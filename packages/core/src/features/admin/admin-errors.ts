/**
 * The admin feature's error codes, part of the one catalogue (`errors.ts`).
 * Admin (docs/protocol/admin.md#error-catalogue).
 */
export const adminErrors = {
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: { status: 403, message: 'You are not allowed to create users' },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: { status: 403, message: 'You are not allowed to list users' },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: {
    status: 403,
    message: 'You are not allowed to list users sessions',
  },
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: { status: 403, message: 'You are not allowed to ban users' },
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: {
    status: 403,
    message: 'You are not allowed to impersonate users',
  },
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: {
    status: 403,
    message: 'You are not allowed to revoke users sessions',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: { status: 403, message: 'You are not allowed to delete users' },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: {
    status: 403,
    message: 'You are not allowed to set users password',
  },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: {
    status: 403,
    message: 'You are not allowed to change users role',
  },
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: { status: 403, message: 'You are not allowed to get user' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: { status: 403, message: 'You are not allowed to update users' },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: {
    status: 403,
    message: 'You are not allowed to update users email',
  },
  YOU_CANNOT_BAN_YOURSELF: { status: 400, message: 'You cannot ban yourself' },
  YOU_CANNOT_REMOVE_YOURSELF: { status: 400, message: 'You cannot remove yourself' },
  YOU_CANNOT_IMPERSONATE_ADMINS: { status: 403, message: 'You cannot impersonate admins' },
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: {
    status: 400,
    message: 'Password cannot be updated through update-user. Use the set-user-password endpoint instead',
  },
  USER_ID_CANNOT_BE_UPDATED: { status: 400, message: 'User id cannot be updated' },
  INVALID_ROLE_TYPE: { status: 400, message: 'Invalid role type' },
  NOT_IMPERSONATING: { status: 400, message: 'You are not impersonating anyone' },
  ADMIN_SESSION_NOT_FOUND: { status: 500, message: 'Failed to find admin session' },
  INVALID_PERMISSION_CHECK: {
    status: 400,
    message: 'invalid permission check. no permission(s) were passed.',
  },
} as const satisfies Record<string, { status: number; message: string }>;
