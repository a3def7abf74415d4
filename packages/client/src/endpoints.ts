import type {
  AccessToken,
  Account,
  AccountInfo,
  AdminSession,
  AdminUser,
  IdTokenInput,
  RefreshedToken,
  Session,
  SessionData,
  SocialRedirect,
  Status,
  User,
} from './types.ts';

/** One endpoint: its method and path, with input and output types carried for the client. */
export interface EndpointSpec<Input, Output> {
  method: 'GET' | 'POST';
  path: string;
  /** Calls after which the session may have changed, so session listeners refetch. */
  changesSession?: boolean;
  /** Phantom fields: types only. */
  readonly _input?: Input;
  readonly _output?: Output;
}

const get = <Input, Output>(path: string): EndpointSpec<Input, Output> => ({ method: 'GET', path });
const post = <Input, Output>(path: string, changesSession = false): EndpointSpec<Input, Output> => ({
  method: 'POST',
  path,
  changesSession,
});

type Callback = { callbackURL?: string };

/** What sign-in/social and link-social share (contract social-jwt §3.1, §6.1). */
type SocialStart = {
  provider: string;
  errorCallbackURL?: string;
  disableRedirect?: boolean;
  idToken?: IdTokenInput;
  scopes?: string[];
  requestSignUp?: boolean;
  loginHint?: string;
  additionalParams?: Record<string, string>;
  additionalData?: Record<string, unknown>;
} & Callback;

/** Picks one of the caller's accounts by its row id (contract social-jwt §6.4). */
type AccountSelector = { accountId: string };

/**
 * Every endpoint of the server. Adding one is one line here: the client derives a typed method
 * from it (`client.signInEmail(input)`).
 */
export const endpoints = {
  signUpEmail: post<
    { name: string; email: string; password: string; image?: string; rememberMe?: boolean } & Callback,
    { token: string | null; user: User }
  >('/sign-up/email', true),
  signInEmail: post<
    { email: string; password: string; rememberMe?: boolean } & Callback,
    { redirect: boolean; token: string; url?: string; user: User }
  >('/sign-in/email', true),
  signOut: post<Record<string, never> | undefined, { success: boolean }>('/sign-out', true),
  getSession: get<{ disableCookieCache?: boolean; disableRefresh?: boolean } | undefined, SessionData | null>(
    '/get-session',
  ),
  listSessions: get<undefined, Session[]>('/list-sessions'),
  revokeSession: post<{ token: string }, Status>('/revoke-session', true),
  revokeSessions: post<undefined, Status>('/revoke-sessions', true),
  revokeOtherSessions: post<undefined, Status>('/revoke-other-sessions'),
  sendVerificationEmail: post<{ email: string } & Callback, Status>('/send-verification-email'),
  verifyEmail: get<{ token: string } & Callback, { status: boolean; user: User | null }>('/verify-email'),
  requestPasswordReset: post<{ email: string; redirectTo?: string }, { status: boolean; message: string }>(
    '/request-password-reset',
  ),
  resetPassword: post<{ newPassword: string; token: string }, Status>('/reset-password'),
  changePassword: post<
    { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean },
    { token: string | null; user: User }
  >('/change-password', true),
  verifyPassword: post<{ password: string }, Status>('/verify-password'),
  updateUser: post<{ name?: string; image?: string | null; [field: string]: unknown }, Status>(
    '/update-user',
    true,
  ),
  changeEmail: post<{ newEmail: string } & Callback, Status>('/change-email'),
  deleteUser: post<{ password?: string; token?: string } & Callback, { success: boolean; message: string }>(
    '/delete-user',
    true,
  ),
  // Admin (only for users with the permission; others get 403).
  adminListUsers: get<
    {
      searchValue?: string;
      searchField?: 'email' | 'name';
      searchOperator?: 'contains' | 'starts_with' | 'ends_with';
      limit?: number;
      offset?: number;
      sortBy?: 'name' | 'email' | 'createdAt' | 'updatedAt' | 'role' | 'banned' | 'emailVerified';
      sortDirection?: 'asc' | 'desc';
      filterField?: 'email' | 'name' | 'role' | 'banned' | 'emailVerified' | 'id';
      filterValue?: string;
      filterOperator?: 'eq' | 'ne' | 'contains';
    },
    { users: AdminUser[]; total: number; limit?: number; offset?: number }
  >('/admin/list-users'),
  adminGetUser: get<{ id: string }, AdminUser>('/admin/get-user'),
  adminCreateUser: post<
    {
      email: string;
      name: string;
      password?: string;
      role?: string | string[];
      data?: { emailVerified?: boolean };
    },
    { user: AdminUser }
  >('/admin/create-user'),
  adminUpdateUser: post<{ userId: string; data: Record<string, unknown> }, AdminUser>('/admin/update-user'),
  adminSetRole: post<{ userId: string; role: string | string[] }, { user: AdminUser }>('/admin/set-role'),
  adminSetUserPassword: post<{ userId: string; newPassword: string }, Status>('/admin/set-user-password'),
  adminBanUser: post<{ userId: string; banReason?: string; banExpiresIn?: number }, { user: AdminUser }>(
    '/admin/ban-user',
  ),
  adminUnbanUser: post<{ userId: string }, { user: AdminUser }>('/admin/unban-user'),
  adminImpersonateUser: post<{ userId: string }, { session: AdminSession; user: AdminUser }>(
    '/admin/impersonate-user',
    true,
  ),
  adminStopImpersonating: post<undefined, { session: AdminSession; user: AdminUser }>(
    '/admin/stop-impersonating',
    true,
  ),
  adminRemoveUser: post<{ userId: string }, { success: boolean }>('/admin/remove-user'),
  adminListUserSessions: post<{ userId: string }, { sessions: AdminSession[] }>('/admin/list-user-sessions'),
  adminRevokeUserSession: post<{ sessionToken: string }, { success: boolean }>('/admin/revoke-user-session'),
  adminRevokeUserSessions: post<{ userId: string }, { success: boolean }>('/admin/revoke-user-sessions'),
  adminHasPermission: post<{ permissions: Record<string, string[]> }, { error: null; success: boolean }>(
    '/admin/has-permission',
  ),
  // Social sign-in and connected accounts (contract social-jwt §3, §6). sign-in/social answers the
  // provider's URL to navigate to; only its id-token mode signs in at once, hence changesSession.
  signInSocial: post<SocialStart & { newUserCallbackURL?: string }, SocialRedirect>('/sign-in/social', true),
  linkSocial: post<SocialStart, SocialRedirect>('/link-social'),
  unlinkAccount: post<AccountSelector, Status>('/unlink-account'),
  listAccounts: get<undefined, Account[]>('/list-accounts'),
  getAccessToken: post<AccountSelector, AccessToken>('/get-access-token'),
  refreshToken: post<AccountSelector, RefreshedToken>('/refresh-token'),
  accountInfo: get<AccountSelector, AccountInfo>('/account-info'),
} as const;

export type Endpoints = typeof endpoints;
export type InputOf<E> = E extends EndpointSpec<infer I, infer _O> ? I : never;
export type OutputOf<E> = E extends EndpointSpec<infer _I, infer O> ? O : never;
