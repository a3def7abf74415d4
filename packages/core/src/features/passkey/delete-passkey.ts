import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { ownedPasskey } from './owned-passkey.ts';
import { countAccountsOfUser, deletePasskey as deleteRow, listPasskeysOfUser } from './passkey.repository.ts';
import { deletePasskeyBody } from './passkey-schemas.ts';

/**
 * POST /passkey/delete-passkey (docs/protocol/passkey.md#delete-passkey). Never the last way in
 * (docs/protocol/passkey.md#d16-the-last-way-in-stays): a user with no password and no provider account keeps
 * their last passkey, with the core's unlink answer (1.7 deletes it and the person can no longer sign in).
 */
export const deletePasskey = defineEndpoint({
  name: 'deletePasskey',
  method: 'POST',
  path: '/passkey/delete-passkey',
  summary: "Delete one of the caller's passkeys",
  description:
    'Never the last way in: a user without a password or a provider account keeps their last passkey.',
  body: deletePasskeyBody,
  requires: 'session',
  response: statusJson,
  errors: [
    'MISSING_REQUIRED_PARAMETER',
    'PASSKEY_NOT_FOUND',
    'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
    'FAILED_TO_UNLINK_LAST_ACCOUNT',
  ],
  async handler({ auth, request, body, session: { user } }) {
    const passkey = await ownedPasskey(auth, user.id, body.id);
    const others = (await listPasskeysOfUser(auth.db, user.id)).length - 1;
    if (others === 0 && (await countAccountsOfUser(auth.db, user.id)) === 0) {
      throw new AuthError('FAILED_TO_UNLINK_LAST_ACCOUNT');
    }
    await deleteRow(auth.db, passkey.id);
    await auth.audit.record(request, {
      type: 'user.passkey_deleted',
      target: { type: 'passkey', id: passkey.id },
      metadata: { passkeyId: passkey.id },
    });
    return { status: true };
  },
});
