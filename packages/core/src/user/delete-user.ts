import type { AuthContext } from '../context.ts';
import type { RequestContext } from '../http/request-context.ts';
import { rememberRevoked } from '../session/revocations.ts';
import { clearSessionCookies } from '../session/session-cookies.ts';

/**
 * Deletes a user with everything that hangs off it (sessions, accounts) in one transaction, ends
 * their cookie-cached sessions and clears this browser's cookies.
 */
export async function deleteUserAndSignOut(
  auth: AuthContext,
  request: RequestContext,
  userId: string,
): Promise<void> {
  const tokens = await auth.db.transaction().execute(async (trx) => {
    const sessions = await trx.selectFrom('session').select('token').where('userId', '=', userId).execute();
    await trx.deleteFrom('session').where('userId', '=', userId).execute();
    await trx.deleteFrom('account').where('userId', '=', userId).execute();
    await trx.deleteFrom('user').where('id', '=', userId).execute();
    return sessions.map((s) => s.token);
  });
  await rememberRevoked(auth, tokens);
  clearSessionCookies(auth, request);
}
