import type { PasswordHasher } from '../crypto/password.ts';
import { IMPORTED_FORMATS, isImportedHasher } from './formats.ts';

export interface StoredPasswordCheck {
  matches: boolean;
  /** The stored value is an imported hash: a match is to be replaced by the configured hasher's. */
  imported: boolean;
}

/**
 * Checks a password against a stored `account.password` (docs/protocol/import.md#41-storage-and-sign-in-decision):
 * the part before the first `$`, when it names an imported format, picks that format's verifier; nothing is
 * guessed from the rest. Anything else (Better Auth's `salt:hash`, or what an application's own hasher wrote,
 * such as a bare `$2b$…` or `$argon2id$…`, whose part before the first `$` is empty) goes to the configured
 * hasher as before.
 */
export async function verifyStoredPassword(
  hasher: PasswordHasher,
  stored: string,
  password: string,
): Promise<StoredPasswordCheck> {
  const at = stored.indexOf('$');
  const name = at > 0 ? stored.slice(0, at) : '';
  if (!isImportedHasher(name))
    return { matches: await hasher.verify({ hash: stored, password }), imported: false };
  // The import checked this value; one that no longer reads (edited by hand) matches no password.
  const read = IMPORTED_FORMATS[name].read(stored.slice(at + 1));
  return { matches: read?.ok === true && (await read.verify(password)), imported: true };
}
