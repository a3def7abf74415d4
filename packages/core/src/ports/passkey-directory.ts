import type { AuthContext } from '../context.ts';

/** What the admin console reads of the passkey feature (`ports.passkeys`). */
export interface PasskeyDirectory {
  /** A user's passkeys in the answer shape of `/passkey/list-user-passkeys`. */
  listOfUser(auth: AuthContext, userId: string): Promise<Record<string, unknown>[]>;
}
