import type { PasskeyDirectory } from '../../ports/passkey-directory.ts';
import { listPasskeysOfUser } from './passkey.repository.ts';
import { passkeyToJson } from './passkey-json.ts';

/** The feature's side of `auth.passkeys`: what the admin console shows of a user's passkeys. */
export const passkeyDirectory: PasskeyDirectory = {
  async listOfUser(auth, userId) {
    return (await listPasskeysOfUser(auth.db, userId)).map(passkeyToJson);
  },
};
