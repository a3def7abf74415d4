import type { AuthContext } from '../context.ts';
import { isoNow } from '../db/schema.ts';
import { AuthError } from '../errors.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { User } from '../user/user.ts';
import { isCacheUsable } from './cookie-cache.ts';
import { isCacheTrusted } from './revocations.ts';
import {
  deleteSessionByToken,
  findSessionWithUser,
  sessionColumnsOf,
  updateSessionExpiry,
} from './session.repository.ts';
import type { Session } from './session.ts';
import {
  clearCookie,
  clearSessionCookies,
  hasDontRemember,
  setSessionCookies,
  writeCookieCache,
} from './session-cookies.ts';

export interface ResolvedSession {
  session: Session;
  user: User;
  /**
   * The get-session answer for this session and user, already serialised: the cookie cache's, or
   * the one decoded with a database row identical to this read's (`decoded-sessions.ts`).
   */
  cachedBody?: string;
  /**
   * The `user` of the get-session answer, serialised, when the session changes per request but its
   * user was decoded from an unchanged row (an API key's, `features/api-key/decoded-keys.ts`).
   */
  userJson?: string;
  /** The session as the request found it, when this read extended it: freshness is judged on this. */
  beforeRefresh?: Session;
}

export interface ResolveOptions {
  /** Read from the database even when a valid cache cookie is present. */
  disableCookieCache?: boolean;
  /** Never extend the session or rewrite cookies on this read. */
  disableRefresh?: boolean;
}

/**
 * The session lifecycle of docs/protocol/core.md#session-lifecycle, as one read: the cookie cache when it is
 * valid, else the database; expired sessions are deleted and their cookies cleared; due sessions are
 * extended. Absence is `null`, never an error; only a failed refresh throws (401).
 */
export async function resolveSession(
  auth: AuthContext,
  request: RequestContext,
  options: ResolveOptions = {},
): Promise<ResolvedSession | null> {
  // An `x-api-key` request's session is its key's, made by the session step and never stored
  // (docs/protocol/api-key.md#the-key-session): the cookies that came with it are not read.
  if (request.principal.kind === 'apiKey') return (await request.session) ?? null;
  const { session: config } = auth.options;
  const names = auth.cookies;
  const cacheCookie = request.cookies.get(names.data);
  if (!config.cookieCache.enabled && cacheCookie !== undefined) clearCookie(auth, request, names.data);

  const token = auth.verifier.token(request.cookies.get(names.token));
  if (!token) return null;
  const now = auth.options.now();

  if (config.cookieCache.enabled && !options.disableCookieCache && cacheCookie) {
    const entry = auth.verifier.cache(cacheCookie);
    if (
      entry &&
      isCacheUsable(entry, token, now) &&
      (await isCacheTrusted(auth, token, entry.cache.updatedAt, entry.user))
    ) {
      return { session: entry.session, user: entry.user, cachedBody: entry.body };
    }
    clearCookie(auth, request, names.data);
  }
  return readFromDatabase(auth, request, token, now, options);
}

async function readFromDatabase(
  auth: AuthContext,
  request: RequestContext,
  token: string,
  now: number,
  options: ResolveOptions,
): Promise<ResolvedSession | null> {
  const row = await findSessionWithUser(auth.database, sessionColumnsOf(auth.options), token);
  if (!row) {
    clearSessionCookies(auth, request);
    return null;
  }
  const { session, user, body } = auth.decodedSessions.decode(token, row);
  if (session.expiresAt.getTime() <= now) {
    clearSessionCookies(auth, request);
    await deleteSessionByToken(auth.db, token);
    return null;
  }

  if (options.disableRefresh || hasDontRemember(auth, request)) {
    return { session, user, cachedBody: body };
  }
  if (isRefreshDue(auth, session, now)) {
    const refreshed = await refreshSession(auth, request, session, now);
    setSessionCookies(auth, request, refreshed, user, false);
    return { session: refreshed, user, beforeRefresh: session };
  }
  writeCookieCache(auth, request, session, user, false);
  return { session, user, cachedBody: body };
}

/** Due when the time since the session was last issued reaches the update age. */
function isRefreshDue(auth: AuthContext, session: Session, now: number): boolean {
  const { expiresIn, updateAge, disableSessionRefresh } = auth.options.session;
  // Impersonation sessions keep their own short lifetime; extending them would outlive the grant.
  if (disableSessionRefresh || session.impersonatedBy) return false;
  const issuedAt = session.expiresAt.getTime() - expiresIn * 1000;
  return issuedAt + updateAge * 1000 <= now;
}

async function refreshSession(auth: AuthContext, request: RequestContext, session: Session, now: number) {
  const expiresAt = new Date(now + auth.options.session.expiresIn * 1000);
  const updated = await updateSessionExpiry(auth.db, session.token, expiresAt.toISOString(), isoNow(now));
  if (!updated) {
    clearSessionCookies(auth, request);
    throw new AuthError('FAILED_TO_GET_SESSION', { status: 401 });
  }
  // Only a read that extends the session writes (once per update age), never a plain read. Not
  // awaited: this runs while the request's session lookup is in flight, which the recorder waits
  // for; `record` never throws.
  void auth.audit.record(request, {
    type: 'session.refreshed',
    actor: { type: 'user', id: session.userId },
    target: { type: 'session', id: session.id },
    sessionId: session.id,
    metadata: { expiresAt: expiresAt.toISOString() },
  });
  return { ...session, expiresAt, updatedAt: new Date(now) };
}

/**
 * Whether a resolved session is fresh. A read that extended the session must not make it fresh
 * by itself, or every session older than the update age would pass: judge the arriving state.
 */
export function isResolvedFresh(auth: AuthContext, resolved: ResolvedSession): boolean {
  return isFresh(auth, resolved.beforeRefresh ?? resolved.session);
}

/**
 * docs/protocol/core.md#session-lifecycle: fresh while the last update or the creation lies within the fresh
 * age; 0 disables.
 */
export function isFresh(auth: AuthContext, session: Session): boolean {
  const { freshAge } = auth.options.session;
  if (freshAge === 0) return true;
  const lastTouched = Math.max(session.createdAt.getTime(), session.updatedAt.getTime());
  return auth.options.now() - lastTouched < freshAge * 1000;
}
