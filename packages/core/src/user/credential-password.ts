import type { AuthContext } from '../context.ts';
import { verifyStoredPassword } from '../passwords/verify-stored.ts';
import { replaceCredentialPassword } from './account.repository.ts';

/**
 * Whether `password` is the user's, checked against their stored hash: the one check of every route that
 * asks for the password. An imported hash that matches is replaced, before the route answers, by the configured
 * hasher's hash of the same password (docs/protocol/import.md#41-storage-and-sign-in-decision, "Rehash on the
 * first success"), so it is checked the imported way once. A wrong password changes nothing.
 */
export async function credentialPasswordMatches(
  auth: AuthContext,
  userId: string,
  stored: string,
  password: string,
): Promise<boolean> {
  const hasher = auth.options.emailAndPassword.password;
  const { matches, imported } = await verifyStoredPassword(hasher, stored, password);
  if (matches && imported) {
    const to = await hasher.hash(password);
    await replaceCredentialPassword(auth.db, userId, { from: stored, to }, auth.options.now());
  }
  return matches;
}
