import { errorPage } from './core/error-page.ts';
import { ok } from './core/ok.ts';
import { signInEmail } from './email-password/sign-in.ts';
import { signOut } from './email-password/sign-out.ts';
import { signUpEmail } from './email-password/sign-up.ts';
import { getSession, postGetSession } from './sessions/get-session.ts';
import { listSessions } from './sessions/list-sessions.ts';
import { revokeOtherSessions, revokeSession, revokeSessions } from './sessions/revoke-sessions.ts';

/** Every endpoint of the core features, in the order the README lists them. */
export const coreEndpoints = [
  signUpEmail,
  signInEmail,
  signOut,
  getSession,
  postGetSession,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
  ok,
  errorPage,
] as const;
