import type { AuthContext } from '../context.ts';
import { generateId } from '../crypto/random.ts';
import { isoNow } from '../db/schema.ts';
import { clientIp } from '../http/client-ip.ts';
import type { RequestContext } from '../http/request-context.ts';
import { refuseBannedUser } from '../user/ban.ts';
import type { User } from '../user/user.ts';
import { insertSession } from './session.repository.ts';
import type { Session } from './session.ts';
import { setSessionCookies } from './session-cookies.ts';

/**
 * Remember-me off: the session lives one day whatever the configured lifetime
 * (docs/protocol/core.md#session-creation).
 */
const DONT_REMEMBER_SECONDS = 86_400;

export interface SessionChoices {
  /** Default true: the session lives the configured lifetime and its cookie persists. */
  rememberMe?: boolean;
  /** An impersonation session: the acting admin, and its own lifetime. */
  impersonation?: { adminId: string; expiresInSeconds: number };
}

/**
 * Creates a session for a user, stores it and sets its cookies on the response. Every way in goes
 * through here, so a banned user never gets a session (a ban whose time is up is lifted instead).
 */
export async function createSession(
  auth: AuthContext,
  request: RequestContext,
  user: User,
  choices: SessionChoices | boolean = {},
): Promise<Session> {
  const { rememberMe = true, impersonation } =
    typeof choices === 'boolean' ? { rememberMe: choices } : choices;
  await refuseBannedUser(auth, user);
  const now = auth.options.now();
  const lifetime = impersonation
    ? impersonation.expiresInSeconds
    : rememberMe
      ? auth.options.session.expiresIn
      : DONT_REMEMBER_SECONDS;
  const session: Session = {
    id: generateId(),
    token: generateId(),
    userId: user.id,
    expiresAt: new Date(now + lifetime * 1000),
    createdAt: new Date(now),
    updatedAt: new Date(now),
    ipAddress: clientIp(auth, request) ?? '',
    userAgent: request.header('user-agent') ?? '',
    impersonatedBy: impersonation?.adminId ?? null,
    // Every session is made by a way in (a sign-in, a second factor, a re-authentication), so the
    // person has just proved who they are; an impersonation session counts as its admin's act.
    authenticatedAt: new Date(now),
  };
  if (auth.options.organization) {
    session.activeOrganizationId = null;
    if (auth.options.organization.teams) session.activeTeamId = null;
  }
  await insertSession(auth.db, {
    ...session,
    expiresAt: session.expiresAt.toISOString(),
    createdAt: isoNow(now),
    updatedAt: isoNow(now),
    ipAddress: session.ipAddress ?? '',
    userAgent: session.userAgent ?? '',
    authenticatedAt: isoNow(now),
  });
  auth.options.events.sessionCreated?.();
  const dontRemember = !rememberMe || impersonation !== undefined;
  setSessionCookies(auth, request, session, user, dontRemember);
  // An impersonation is not one of the browser's people: it ends with stop-impersonating
  // (features/multi-session/README.md).
  if (!impersonation) await auth.ports.browserSessions?.added(auth, request, session, user, dontRemember);
  return session;
}
