import { defineEndpoint } from '../../http/endpoint.ts';
import { listApiKeys } from './api-key.repository.ts';
import { apiKeyListJson } from './api-key-response-schemas.ts';
import { listApiKeysQuery } from './api-key-schemas.ts';
import { answerOf } from './get-api-key.ts';
import { organizationRefusals, requireKeyPermission } from './key-access.ts';
import type { KeyRoutesSetup } from './key-routes-setup.ts';

/**
 * GET /api-key/list (docs/protocol/api-key.md#list): the caller's personal keys, or with
 * `organizationId` that organization's; sorted, then offset, then limited; `total` counts them all,
 * and `limit` and `offset` are echoed only when given.
 */
export const listApiKeysEndpoint = ({ organizations, sweep }: KeyRoutesSetup) =>
  defineEndpoint({
    name: 'listApiKeys',
    method: 'GET',
    path: '/api-key/list',
    summary: 'List API keys',
    description:
      "The caller's personal keys, or with `organizationId` the organization's. Never the keys themselves.",
    query: listApiKeysQuery,
    requires: 'session',
    keySessions: ['scoped'],
    response: apiKeyListJson,
    errors: [...organizationRefusals(organizations)],
    noStore: true,
    async handler({ auth, query, session: { user } }) {
      await sweep(auth);
      if (query.organizationId !== undefined)
        await requireKeyPermission(auth, user, query.organizationId, 'read');
      const { rows, total } = await listApiKeys(auth.db, {
        referenceId: query.organizationId ?? user.id,
        ownerConfig: query.organizationId === undefined ? 'default' : 'organization',
        configId: query.configId,
        sortBy: query.sortBy,
        sortDirection: query.sortDirection ?? 'asc',
        limit: query.limit,
        offset: query.offset,
      });
      const apiKeys = [];
      for (const row of rows) apiKeys.push(await answerOf(auth, row));
      return {
        apiKeys,
        total,
        ...(query.limit === undefined ? {} : { limit: query.limit }),
        ...(query.offset === undefined ? {} : { offset: query.offset }),
      };
    },
  });
