import type { Session, SessionData, Status, User } from './types.ts';

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
} as const;

export type Endpoints = typeof endpoints;
export type InputOf<E> = E extends EndpointSpec<infer I, infer _O> ? I : never;
export type OutputOf<E> = E extends EndpointSpec<infer _I, infer O> ? O : never;
