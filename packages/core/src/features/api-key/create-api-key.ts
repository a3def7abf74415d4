import { generateId } from '../../crypto/random.ts';
import { AuthError } from '../../errors.ts';
import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { noticeApiKeyCreated } from '../../notices/security-notices.ts';
import { findApiKeyById, insertApiKey } from './api-key.repository.ts';
import { ORGANIZATION_ID_REQUIRED_MESSAGE } from './api-key-errors.ts';
import { apiKeyToJson } from './api-key-json.ts';
import { createdApiKeyJson } from './api-key-response-schemas.ts';
import type { ConfigId } from './api-key-row.ts';
import { createApiKeyBody } from './api-key-schemas.ts';
import { organizationRefusals, requireKeyPermission } from './key-access.ts';
import { generateKey, hashKey, startOf } from './key-format.ts';
import { actingUser } from './key-owner.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';
import {
  checkExpiresIn,
  checkMetadata,
  checkName,
  checkPrefix,
  checkRefill,
  expiryAt,
  setsServerOnlyField,
} from './key-rules.ts';
import { checkScopes } from './key-scopes.ts';

/**
 * POST /api-key/create (docs/protocol/api-key.md#create), its checks in the reference's order. The
 * session is read in the handler: the server-only fields are refused before it. A key session
 * cannot create keys (K3: an expiring or metered key would mint an unlimited one).
 */
export const createApiKey = ({ config, organizations, sweep }: KeyRoutesSetup) =>
  defineEndpoint({
    name: 'createApiKey',
    method: 'POST',
    path: '/api-key/create',
    summary: 'Create an API key',
    description:
      'A personal key, or with `configId: "organization"` and `organizationId` one of an organization the ' +
      'caller may manage keys of. The answer holds the key, the only time it is answered.',
    body: createApiKeyBody(organizations),
    requires: 'none',
    readsSession: 'session',
    accepts: NOT_BY_API_KEY,
    response: createdApiKeyJson,
    errors: [
      'SERVER_ONLY_PROPERTY',
      'UNAUTHORIZED_SESSION',
      ...organizationRefusals(organizations, 'ORGANIZATION_ID_REQUIRED'),
      'UNKNOWN_API_KEY_PERMISSION',
      'API_KEY_PERMISSION_EXCEEDS_ROLE',
      'INVALID_METADATA_TYPE',
      'REFILL_AMOUNT_AND_INTERVAL_REQUIRED',
      'REFILL_INTERVAL_AND_AMOUNT_REQUIRED',
      'EXPIRES_IN_IS_TOO_SMALL',
      'EXPIRES_IN_IS_TOO_LARGE',
      'INVALID_PREFIX_LENGTH',
      'INVALID_NAME_LENGTH',
      ['FAILED_TO_GET_SESSION', 401],
    ],
    async handler({ auth, request, body }) {
      await sweep(auth);
      const server = request.incoming.serverCall;
      const configId: ConfigId = body.configId ?? 'default';
      if (!server && setsServerOnlyField(body, 'create')) throw new AuthError('SERVER_ONLY_PROPERTY');
      if (!server && body.userId !== undefined) throw new AuthError('UNAUTHORIZED_SESSION');
      if (configId === 'organization' && body.organizationId === undefined)
        throw new AuthError('ORGANIZATION_ID_REQUIRED', { message: ORGANIZATION_ID_REQUIRED_MESSAGE });
      const user = await actingUser(auth, request, body.userId);
      if (body.organizationId !== undefined)
        await requireKeyPermission(auth, user, body.organizationId, 'create');
      const referenceId = body.organizationId ?? user.id;
      // The server's own calls may name the app's resources, as verify-api-key checks them (K9).
      if (!server && body.permissions !== undefined)
        await checkScopes(auth, user, body.permissions, body.organizationId ?? null);
      checkMetadata(body.metadata);
      checkRefill(body.refillAmount, body.refillInterval);
      checkExpiresIn(config, body.expiresIn);
      if (body.prefix !== undefined) checkPrefix(body.prefix);
      if (body.name) checkName(body.name);

      const now = auth.options.now();
      const key = generateKey(body.prefix ?? null);
      const id = generateId();
      const createdAt = new Date(now).toISOString();
      await auth.db.transaction().execute(async (trx) => {
        await insertApiKey(trx, {
          id,
          configId,
          name: body.name ?? null,
          start: startOf(key),
          referenceId,
          prefix: body.prefix ?? null,
          hash: hashKey(key),
          refillInterval: body.refillInterval ?? null,
          refillAmount: body.refillAmount ?? null,
          enabled: true,
          rateLimitEnabled: body.rateLimitEnabled ?? true,
          rateLimitTimeWindow:
            body.rateLimitTimeWindow === undefined ? config.rateLimit.timeWindow : body.rateLimitTimeWindow,
          rateLimitMax: body.rateLimitMax === undefined ? config.rateLimit.max : body.rateLimitMax,
          remaining: body.remaining ?? body.refillAmount ?? null,
          expiresAt: expiryAt(now, body.expiresIn === undefined ? config.defaultExpiresIn : body.expiresIn),
          createdAt,
          permissions: body.permissions === undefined ? null : JSON.stringify(body.permissions),
          // The text `null` when none was given, as the reference writes it.
          metadata: JSON.stringify(body.metadata ?? null),
          // Whose session an organization key stands for (K10).
          createdBy: configId === 'organization' ? user.id : null,
        });
        await auth.audit.recordIn(trx, request, {
          type: 'api_key.created',
          actor: { id: user.id, email: user.email },
          target: { type: 'apiKey', id },
          organizationId: configId === 'organization' ? referenceId : null,
          metadata: { keyId: id, configId },
        });
      });
      const row = await findApiKeyById(auth.db, id);
      if (!row) throw new Error('the key just created is gone');
      await noticeApiKeyCreated(auth, request, user, {
        name: row.name,
        start: row.start,
        organizationId: configId === 'organization' ? referenceId : null,
      });
      return { ...apiKeyToJson(row), key };
    },
  });
