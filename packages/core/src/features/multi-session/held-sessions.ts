import type { AuthContext } from '../../context.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import {
  deleteSessionsByTokens,
  findSessionWithUser,
  sessionColumnsOf,
} from '../../session/session.repository.ts';
import type { Session } from '../../session/session.ts';
import { clearCookie, readSignedCookie, setSignedCookie } from '../../session/session-cookies.ts';
import type { User } from '../../user/user.ts';

/** One of the browser's `_multi-` cookies: its name and the session token it holds. */
export interface HeldSession {
  cookie: string;
  token: string;
}

/**
 * `<session cookie>_multi-<token lowercased>`
 * (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession).
 */
export const multiCookieName = (auth: AuthContext, token: string): string =>
  `${auth.cookies.token}_multi-${token.toLowerCase()}`;

/**
 * The sessions the browser holds: every `_multi-` cookie signed by us whose name is its own token's,
 * so a signed value copied under another name counts for nothing.
 */
export function heldSessions(auth: AuthContext, request: RequestContext): HeldSession[] {
  const prefix = `${auth.cookies.token}_multi-`;
  const held: HeldSession[] = [];
  for (const cookie of request.cookies.keys()) {
    if (!cookie.startsWith(prefix)) continue;
    const token = readSignedCookie(auth, request, cookie);
    if (token && cookie === multiCookieName(auth, token)) held.push({ cookie, token });
  }
  return held;
}

/** The held session a client names by its token; undefined when the browser holds no cookie for it. */
export function heldSession(
  auth: AuthContext,
  request: RequestContext,
  token: string,
): HeldSession | undefined {
  const cookie = multiCookieName(auth, token);
  const value = readSignedCookie(auth, request, cookie);
  return value && cookie === multiCookieName(auth, value) ? { cookie, token: value } : undefined;
}

/** A held session as stored, with its user; null when it ended or expired. */
export async function liveSession(
  auth: AuthContext,
  token: string,
): Promise<{ session: Session; user: User } | null> {
  const row = await findSessionWithUser(auth.database, sessionColumnsOf(auth.options), token);
  if (!row) return null;
  const { session, user } = auth.decodedSessions.decode(token, row);
  return session.expiresAt.getTime() > auth.options.now() ? { session, user } : null;
}

/** The session's `_multi-` cookie, with the session cookie's attributes and lifetime. */
export function keepInBrowser(
  auth: AuthContext,
  request: RequestContext,
  session: Session,
  dontRemember: boolean,
) {
  const maxAge = dontRemember ? undefined : auth.options.session.expiresIn;
  setSignedCookie(auth, request, multiCookieName(auth, session.token), session.token, maxAge);
}

export function dropFromBrowser(auth: AuthContext, request: RequestContext, held: HeldSession): void {
  clearCookie(auth, request, held.cookie);
}

/**
 * Ends held sessions: deleted, remembered as revoked so no server copy's cookie cache answers for
 * them (session/revocations.ts), and each recorded as `session.revoked` by its owner, whose browser
 * ended it (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession).
 */
export async function endHeldSessions(
  auth: AuthContext,
  request: RequestContext,
  tokens: readonly string[],
): Promise<void> {
  const ended = await deleteSessionsByTokens(auth.db, tokens);
  await rememberRevoked(
    auth,
    ended.map((row) => row.token),
  );
  for (const row of ended) {
    await auth.audit.record(request, {
      type: 'session.revoked',
      actor: { type: 'user', id: row.userId, impersonatorId: row.impersonatedBy ?? null },
      target: { type: 'session', id: row.id },
      sessionId: row.id,
      metadata: { by: 'self' },
    });
  }
}
