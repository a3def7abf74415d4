import type { AuthContext } from '../context.ts';
import type { User } from '../user/user.ts';
import { sessionTokensOfUser } from './session.repository.ts';

// A revoked session's cookie cache could otherwise keep answering for up to its max age, and so
// could a cache showing a user's rights as they were before an admin changed them. Each is
// remembered for exactly that long under the session's token, and cache reads consult it: the value
// is REVOKED, or the user's `updatedAt` as the change left it (the key's name predates the latter).
const key = (token: string) => `revoked-session:${token}`;
const REVOKED = '1';

/**
 * Records revoked tokens for cookie-cache reads. The database, which already forgot the
 * sessions, is the authority: when the storage is unreachable the revocation still succeeds,
 * and caches issued before the outage ends are read from the database (`cache-epoch.ts`).
 */
export async function rememberRevoked(auth: AuthContext, tokens: string[]): Promise<void> {
  // Every revocation passes here, so this is where the host's count is kept.
  if (tokens.length > 0) auth.options.events.sessionsRevoked?.(tokens.length);
  const { enabled, maxAge } = auth.options.session.cookieCache;
  if (!enabled || tokens.length === 0) return;
  try {
    await Promise.all(tokens.map((token) => auth.storage.set(key(token), REVOKED, maxAge)));
  } catch {
    // The storage's circuit breaker logs the outage once; see above for why this is safe.
  }
}

/**
 * An admin changed a user (their role, their address): the cache cookies of the user's sessions show
 * the user as before, and must not answer until one shows the user as the change left them
 * (features/admin/README.md: Role changes and impersonation). Compared by the stored `updatedAt`,
 * which a cache issued before the change cannot carry, whatever the server copies' clocks say. An
 * unreachable storage is covered as for revocations.
 */
export async function rememberUserChanged(auth: AuthContext, user: User): Promise<void> {
  const { enabled, maxAge } = auth.options.session.cookieCache;
  if (!enabled) return;
  const tokens = await sessionTokensOfUser(auth.db, user.id);
  const stored = user.updatedAt.toISOString();
  try {
    await Promise.all(tokens.map((token) => auth.storage.set(key(token), stored, maxAge)));
  } catch {
    // As for revocations above.
  }
}

/**
 * Whether a verified, unexpired cache cookie may answer without the database: its session was
 * not revoked, its user was not changed by an admin since it was issued, it was issued after the
 * last storage outage, and the storage can say so now. Any storage failure means "read the database".
 */
export async function isCacheTrusted(
  auth: AuthContext,
  token: string,
  issuedAt: number,
  user: User,
): Promise<boolean> {
  try {
    // Storage that cannot fail (memory) has no outages and so no epoch; a shared one's epoch is
    // read from the storage at most once a second, so it seldom waits here.
    if (auth.storage.recoveredAt && issuedAt < (await auth.cacheEpoch.current())) return false;
    const mark = await auth.storage.get(key(token));
    // REVOKED is no date, so it never matches.
    return mark === null || mark === user.updatedAt.toISOString();
  } catch {
    return false;
  }
}
