import type { AuthContext } from '../../context.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { rewriteMetadata } from './api-key.repository.ts';
import { apiKeyToJson, readMetadata } from './api-key-json.ts';
import { apiKeyJson } from './api-key-response-schemas.ts';
import type { ApiKeyRow } from './api-key-row.ts';
import { getApiKeyQuery } from './api-key-schemas.ts';
import { keyFor, organizationRefusals } from './key-access.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';

/**
 * A row read for an answer: legacy double-encoded metadata is rewritten single-encoded on the way,
 * as the reference does (docs/protocol/api-key.md#data-model-table-apikey).
 */
export async function answerOf(auth: AuthContext, row: ApiKeyRow): Promise<Record<string, unknown>> {
  const metadata = readMetadata(row.metadata);
  if (metadata.legacy) await rewriteMetadata(auth.db, row.id, JSON.stringify(metadata.value));
  return apiKeyToJson(row);
}

/** GET /api-key/get (docs/protocol/api-key.md#get): one of the caller's keys, or of an organization they may read. */
export const getApiKey = ({ organizations, sweep }: KeyRoutesSetup) =>
  defineEndpoint({
    name: 'getApiKey',
    method: 'GET',
    path: '/api-key/get',
    summary: 'Read one API key',
    description: 'Never the key itself. An organization key needs `configId=organization`.',
    query: getApiKeyQuery,
    requires: 'session',
    keySessions: ['scoped'],
    response: apiKeyJson,
    errors: ['KEY_NOT_FOUND', ...organizationRefusals(organizations)],
    noStore: true,
    async handler({ auth, query, session: { user } }) {
      await sweep(auth);
      return answerOf(auth, await keyFor(auth, user, query.id, query.configId, 'read'));
    },
  });
