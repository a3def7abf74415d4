import type { AuthContext } from '../context.ts';
import { generateId } from '../crypto/random.ts';
import { isoNow } from '../db/schema.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { User } from '../user/user.ts';
import { rememberRevoked } from './revocations.ts';
import { deleteSessionByToken, insertSession } from './session.repository.ts';
import type { Session } from './session.ts';
import { hasDontRemember, setSessionCookies } from './session-cookies.ts';

/** Remember-me off: one day, as at creation (docs/protocol/core.md#session-creation). */
const DONT_REMEMBER_SECONDS = 86_400;

/**
 * Replaces the current session with a new one after the account's protection changed (two-factor
 * turned on or off: docs/protocol/two-factor.md#session-rotation): a new row and token carrying the old
 * session's device, impersonator and active organization, its cookies set, the old row deleted
 * and its token remembered as revoked so its cookie cache stops answering too.
 */
export async function rotateSession(
  auth: AuthContext,
  request: RequestContext,
  current: Session,
  user: User,
): Promise<Session> {
  const now = auth.options.now();
  const dontRemember = hasDontRemember(auth, request);
  const lifetime = dontRemember ? DONT_REMEMBER_SECONDS : auth.options.session.expiresIn;
  const expiresAt = current.impersonatedBy ? current.expiresAt : new Date(now + lifetime * 1000);
  // A new row is not a new proof of who the person is: the last one carries over, and a row
  // Better Auth wrote (null) keeps counting from its own creation, not the new row's.
  const authenticatedAt = current.authenticatedAt ?? current.createdAt;
  const session: Session = {
    ...current,
    id: generateId(),
    token: generateId(),
    expiresAt,
    createdAt: new Date(now),
    updatedAt: new Date(now),
    authenticatedAt,
  };
  await insertSession(auth.db, {
    id: session.id,
    token: session.token,
    userId: session.userId,
    expiresAt: expiresAt.toISOString(),
    createdAt: isoNow(now),
    updatedAt: isoNow(now),
    ipAddress: session.ipAddress ?? '',
    userAgent: session.userAgent ?? '',
    impersonatedBy: session.impersonatedBy,
    authenticatedAt: authenticatedAt.toISOString(),
    ...(session.activeOrganizationId !== undefined
      ? { activeOrganizationId: session.activeOrganizationId }
      : {}),
    ...(session.activeTeamId !== undefined ? { activeTeamId: session.activeTeamId } : {}),
  });
  auth.options.events.sessionCreated?.();
  await deleteSessionByToken(auth.db, current.token);
  await rememberRevoked(auth, [current.token]);
  setSessionCookies(auth, request, session, user, dontRemember || current.impersonatedBy !== null);
  if (!current.impersonatedBy)
    await auth.ports.browserSessions?.added(auth, request, session, user, dontRemember);
  return session;
}
