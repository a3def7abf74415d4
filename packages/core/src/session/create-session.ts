import type { AuthContext } from '../context.ts';
import { generateId } from '../crypto/random.ts';
import { isoNow } from '../db/schema.ts';
import { clientIp } from '../http/client-ip.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { User } from '../user/user.ts';
import { insertSession } from './session.repository.ts';
import type { Session } from './session.ts';
import { setSessionCookies } from './session-data.ts';

/** Remember-me off: the session lives one day whatever the configured lifetime (contract §5.2). */
const DONT_REMEMBER_SECONDS = 86_400;

/** Creates a session for a user, stores it and sets its cookies on the response. */
export async function createSession(
  auth: AuthContext,
  request: RequestContext,
  user: User,
  rememberMe = true,
): Promise<Session> {
  const now = auth.options.now();
  const lifetime = rememberMe ? auth.options.session.expiresIn : DONT_REMEMBER_SECONDS;
  const session: Session = {
    id: generateId(),
    token: generateId(),
    userId: user.id,
    expiresAt: new Date(now + lifetime * 1000),
    createdAt: new Date(now),
    updatedAt: new Date(now),
    ipAddress: clientIp(auth, request) ?? '',
    userAgent: request.header('user-agent') ?? '',
  };
  await insertSession(auth.db, {
    ...session,
    expiresAt: session.expiresAt.toISOString(),
    createdAt: isoNow(now),
    updatedAt: isoNow(now),
    ipAddress: session.ipAddress ?? '',
    userAgent: session.userAgent ?? '',
  });
  setSessionCookies(auth, request, session, user, !rememberMe);
  return session;
}
