import type { AuthContext } from '../context.ts';

// A revoked session's cookie cache could otherwise keep answering for up to its max age. Each
// revocation is remembered for exactly that long, and cache reads consult it.
const key = (token: string) => `revoked-session:${token}`;

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
    await Promise.all(tokens.map((token) => auth.storage.set(key(token), '1', maxAge)));
  } catch {
    // The storage's circuit breaker logs the outage once; see above for why this is safe.
  }
}

/**
 * Whether a verified, unexpired cache cookie may answer without the database: its session was
 * not revoked, it was issued after the last storage outage, and the storage can say so now.
 * Any storage failure means "read the database".
 */
export async function isCacheTrusted(auth: AuthContext, token: string, issuedAt: number): Promise<boolean> {
  try {
    // Storage that cannot fail (memory) has no outages and so no epoch; a shared one's epoch is
    // read from the storage at most once a second, so it seldom waits here.
    if (auth.storage.recoveredAt && issuedAt < (await auth.cacheEpoch.current())) return false;
    return (await auth.storage.get(key(token))) === null;
  } catch {
    return false;
  }
}
