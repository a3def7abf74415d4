import type { AuthContext } from '../context.ts';
import { isoNow } from '../db/schema.ts';
import { rememberRevoked } from './revocations.ts';
import { deleteOtherActiveSessions } from './session.repository.ts';

/**
 * Ends every unexpired session of the user but the one kept, their cookie caches included (the
 * tokens are remembered as revoked); answers how many ended.
 */
export async function endOtherSessions(
  auth: AuthContext,
  userId: string,
  keepToken: string,
): Promise<number> {
  const ended = await deleteOtherActiveSessions(auth.db, userId, keepToken, isoNow(auth.options.now()));
  await rememberRevoked(auth, ended);
  return ended.length;
}
