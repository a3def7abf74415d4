import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { passkeyJson } from '../../http/response-schemas.ts';
import { ownedPasskey } from './owned-passkey.ts';
import { renamePasskey } from './passkey.repository.ts';
import { passkeyToJson } from './passkey-json.ts';
import { updatePasskeyBody } from './passkey-schemas.ts';

/**
 * POST /passkey/update-passkey (docs/protocol/passkey.md#update-passkey): renames one of the caller's
 * passkeys.
 */
export const updatePasskey = defineEndpoint({
  name: 'updatePasskey',
  method: 'POST',
  path: '/passkey/update-passkey',
  summary: "Rename one of the caller's passkeys",
  body: updatePasskeyBody,
  requires: 'session',
  response: z.object({ passkey: passkeyJson }),
  errors: [
    'MISSING_REQUIRED_PARAMETER',
    'PASSKEY_NOT_FOUND',
    'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
    'FAILED_TO_UPDATE_PASSKEY',
  ],
  async handler({ auth, request, body, session: { user } }) {
    const passkey = await ownedPasskey(auth, user.id, body.id);
    const updated = await renamePasskey(auth.db, passkey.id, body.name);
    if (!updated) throw new AuthError('FAILED_TO_UPDATE_PASSKEY');
    await auth.audit.record(request, {
      type: 'user.passkey_renamed',
      target: { type: 'passkey', id: passkey.id },
      metadata: { passkeyId: passkey.id },
    });
    return { passkey: passkeyToJson(updated) };
  },
});
