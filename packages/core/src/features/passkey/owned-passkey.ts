import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { findPasskeyById, type PasskeyRow } from './passkey.repository.ts';

/**
 * The caller's passkey with this id, for delete and update (docs/protocol/passkey.md#delete-passkey,
 * docs/protocol/passkey.md#update-passkey): an empty id is 1.7's "Missing required parameter", an unknown one
 * 404, another user's 401 with the code and message the client shows
 * (docs/protocol/passkey.md#d13-library-errors-are-client-errors; 1.7's delete answers an empty 401).
 */
export async function ownedPasskey(auth: AuthContext, userId: string, id: string): Promise<PasskeyRow> {
  if (id === '') throw new AuthError('MISSING_REQUIRED_PARAMETER', { params: { field: 'id' } });
  const passkey = await findPasskeyById(auth.db, id);
  if (!passkey) throw new AuthError('PASSKEY_NOT_FOUND');
  if (passkey.userId !== userId) throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY');
  return passkey;
}
