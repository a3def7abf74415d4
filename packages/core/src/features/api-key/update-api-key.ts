import { AuthError } from '../../errors.ts';
import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { type ApiKeyChanges, findApiKeyById, updateApiKey as updateRow } from './api-key.repository.ts';
import { apiKeyJson } from './api-key-response-schemas.ts';
import { updateApiKeyBody } from './api-key-schemas.ts';
import { answerOf } from './get-api-key.ts';
import { keyFor, organizationRefusals } from './key-access.ts';
import { actingUser } from './key-owner.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';
import {
  checkExpiresIn,
  checkMetadata,
  checkName,
  checkRefill,
  expiryAt,
  setsServerOnlyField,
} from './key-rules.ts';
import { checkScopes } from './key-scopes.ts';

/**
 * POST /api-key/update (docs/protocol/api-key.md#update), its checks in the reference's order. As in
 * the reference, the route does not bump `updatedAt` (only a use does). A key session cannot update
 * keys (K3: a key could lift its own expiry or re-enable itself).
 */
export const updateApiKey = ({ config, organizations, sweep }: KeyRoutesSetup) =>
  defineEndpoint({
    name: 'updateApiKey',
    method: 'POST',
    path: '/api-key/update',
    summary: 'Update an API key',
    description:
      'Its name, whether it is enabled, its metadata and its expiry (`expiresIn: null` removes it).',
    body: updateApiKeyBody,
    requires: 'none',
    readsSession: 'session',
    accepts: NOT_BY_API_KEY,
    response: apiKeyJson,
    errors: [
      'UNAUTHORIZED_SESSION',
      'SERVER_ONLY_PROPERTY',
      'KEY_NOT_FOUND',
      ...organizationRefusals(organizations),
      'UNKNOWN_API_KEY_PERMISSION',
      'API_KEY_PERMISSION_EXCEEDS_ROLE',
      'INVALID_NAME_LENGTH',
      'EXPIRES_IN_IS_TOO_SMALL',
      'EXPIRES_IN_IS_TOO_LARGE',
      'INVALID_METADATA_TYPE',
      'REFILL_AMOUNT_AND_INTERVAL_REQUIRED',
      'REFILL_INTERVAL_AND_AMOUNT_REQUIRED',
      'NO_VALUES_TO_UPDATE',
      ['FAILED_TO_GET_SESSION', 401],
    ],
    async handler({ auth, request, body }) {
      await sweep(auth);
      const server = request.incoming.serverCall;
      const user = await actingUser(auth, request, server ? body.userId : undefined);
      // A client may name itself, nobody else.
      if (!server && body.userId !== undefined && body.userId !== user.id)
        throw new AuthError('UNAUTHORIZED_SESSION');
      if (!server && setsServerOnlyField(body, 'update')) throw new AuthError('SERVER_ONLY_PROPERTY');
      const row = await keyFor(auth, user, body.keyId, body.configId, 'update');
      // Checked against the roles of whoever sets them; at use the creator's own rights bound them too.
      if (!server && body.permissions)
        await checkScopes(
          auth,
          user,
          body.permissions,
          row.configId === 'organization' ? row.referenceId : null,
        );
      if (body.name !== undefined) checkName(body.name);
      checkExpiresIn(config, body.expiresIn);
      checkMetadata(body.metadata);
      checkRefill(body.refillAmount, body.refillInterval);

      const changes: ApiKeyChanges = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.enabled !== undefined) changes.enabled = body.enabled ? 1 : 0;
      if (body.metadata !== undefined) changes.metadata = JSON.stringify(body.metadata);
      if (body.expiresIn !== undefined) changes.expiresAt = expiryAt(auth.options.now(), body.expiresIn);
      if (body.remaining !== undefined) changes.remaining = body.remaining;
      if (body.refillAmount !== undefined) changes.refillAmount = body.refillAmount;
      if (body.refillInterval !== undefined) changes.refillInterval = body.refillInterval;
      if (body.rateLimitEnabled !== undefined) changes.rateLimitEnabled = body.rateLimitEnabled ? 1 : 0;
      if (body.rateLimitTimeWindow !== undefined) changes.rateLimitTimeWindow = body.rateLimitTimeWindow;
      if (body.rateLimitMax !== undefined) changes.rateLimitMax = body.rateLimitMax;
      if (body.permissions !== undefined)
        changes.permissions = body.permissions === null ? null : JSON.stringify(body.permissions);
      const changed = Object.keys(changes);
      if (changed.length === 0) throw new AuthError('NO_VALUES_TO_UPDATE');

      await auth.db.transaction().execute(async (trx) => {
        await updateRow(trx, row.id, changes);
        await auth.audit.recordIn(trx, request, {
          type: 'api_key.updated',
          actor: { id: user.id, email: user.email },
          target: { type: 'apiKey', id: row.id },
          organizationId: row.configId === 'organization' ? row.referenceId : null,
          metadata: { keyId: row.id, configId: row.configId, fields: changed },
        });
      });
      const updated = await findApiKeyById(auth.db, row.id);
      if (!updated) throw new AuthError('KEY_NOT_FOUND');
      return answerOf(auth, updated);
    },
  });
