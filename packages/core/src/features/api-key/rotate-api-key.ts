import { AuthError } from '../../errors.ts';
import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findApiKeyById, replaceKeyHash } from './api-key.repository.ts';
import { apiKeyToJson } from './api-key-json.ts';
import { createdApiKeyJson } from './api-key-response-schemas.ts';
import { keyRefBody } from './api-key-schemas.ts';
import { keyFor, organizationRefusals } from './key-access.ts';
import { generateKey, hashKey, startOf } from './key-format.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';

/**
 * POST /api-key/rotate (docs/protocol/api-key.md#decisions-for-gatehouse, K13): a new secret for a
 * key the caller may update (their own personal key, or an organization's with `apiKey: update`),
 * keeping its id, name, scopes, limits and counters. The old key stops with this write; the new one
 * is answered this once, as create answers it. A key session cannot rotate (K3: a leaked key must
 * not outlive its owner's rotation by rotating itself).
 */
export const rotateApiKey = ({ organizations, sweep }: KeyRoutesSetup) =>
  defineEndpoint({
    name: 'rotateApiKey',
    method: 'POST',
    path: '/api-key/rotate',
    summary: 'Rotate an API key',
    description:
      'A new secret for the key, same id, name, permissions and limits; the old secret stops at once. ' +
      'The answer holds the new key, the only time it is answered.',
    body: keyRefBody,
    requires: 'session',
    accepts: NOT_BY_API_KEY,
    response: createdApiKeyJson,
    errors: ['KEY_NOT_FOUND', ...organizationRefusals(organizations)],
    async handler({ auth, request, body, session: { user } }) {
      await sweep(auth);
      const row = await keyFor(auth, user, body.keyId, body.configId, 'update');
      const key = generateKey(row.prefix);
      await auth.db.transaction().execute(async (trx) => {
        await replaceKeyHash(trx, row.id, { hash: hashKey(key), start: startOf(key) });
        await auth.audit.recordIn(trx, request, {
          type: 'api_key.rotated',
          actor: { id: user.id, email: user.email },
          target: { type: 'apiKey', id: row.id },
          organizationId: row.configId === 'organization' ? row.referenceId : null,
          metadata: { keyId: row.id, configId: row.configId },
        });
      });
      const rotated = await findApiKeyById(auth.db, row.id);
      if (!rotated) throw new AuthError('KEY_NOT_FOUND');
      return { ...apiKeyToJson(rotated), key };
    },
  });
