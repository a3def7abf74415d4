import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { deleteApiKey as deleteRow } from './api-key.repository.ts';
import { successJson } from './api-key-response-schemas.ts';
import { keyRefBody } from './api-key-schemas.ts';
import { keyFor, organizationRefusals } from './key-access.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';
import { isBannedNow } from './owner-ban.ts';

/**
 * POST /api-key/delete (docs/protocol/api-key.md#delete). A key session may delete keys, its own
 * included: giving up power is never refused (K3).
 */
export const deleteApiKey = ({ organizations, sweep }: KeyRoutesSetup) =>
  defineEndpoint({
    name: 'deleteApiKey',
    method: 'POST',
    path: '/api-key/delete',
    summary: 'Delete an API key',
    body: keyRefBody,
    requires: 'session',
    response: successJson,
    errors: ['USER_BANNED', 'KEY_NOT_FOUND', ...organizationRefusals(organizations)],
    async handler({ auth, request, body, session: { user } }) {
      await sweep(auth);
      if (isBannedNow(auth, user)) throw new AuthError('USER_BANNED');
      const row = await keyFor(auth, user, body.keyId, body.configId, 'delete');
      await auth.db.transaction().execute(async (trx) => {
        if (!(await deleteRow(trx, row.id))) throw new AuthError('KEY_NOT_FOUND');
        await auth.audit.recordIn(trx, request, {
          type: 'api_key.deleted',
          target: { type: 'apiKey', id: row.id },
          organizationId: row.configId === 'organization' ? row.referenceId : null,
          metadata: { keyId: row.id, configId: row.configId },
        });
      });
      return { success: true };
    },
  });
