import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { passkeyJson } from '../../http/response-schemas.ts';
import { listPasskeysOfUser } from './passkey.repository.ts';
import { passkeyToJson } from './passkey-json.ts';

/**
 * GET /passkey/list-user-passkeys (docs/protocol/passkey.md#list-user-passkeys): the caller's passkeys,
 * oldest first.
 */
export const listUserPasskeys = defineEndpoint({
  name: 'listPasskeys',
  method: 'GET',
  path: '/passkey/list-user-passkeys',
  summary: "List the caller's passkeys",
  description: 'Oldest first.',
  requires: 'session',
  response: z.array(passkeyJson),
  errors: [],
  noStore: true,
  async handler({ auth, session: { user } }) {
    return (await listPasskeysOfUser(auth.db, user.id)).map(passkeyToJson);
  },
});
