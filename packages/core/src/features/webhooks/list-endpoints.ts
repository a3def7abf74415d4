import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { accessRefusals, requireWebhookAccess } from './endpoint-access.ts';
import { endpointsOf } from './webhook.repository.ts';
import { endpointToJson } from './webhook-json.ts';
import { endpointListAnswer } from './webhook-response-schemas.ts';
import type { WebhookRoutesSetup } from './webhook-routes-setup.ts';
import { listEndpointsQuery } from './webhook-schemas.ts';

/** GET /webhooks/list-endpoints (docs/protocol/webhooks.md#42-get-webhookslist-endpointsorganizationid). */
export const listWebhookEndpoints = (setup: WebhookRoutesSetup) =>
  defineEndpoint({
    name: 'listWebhookEndpoints',
    method: 'GET',
    path: '/webhooks/list-endpoints',
    summary: 'List webhook endpoints',
    description:
      "The server-wide endpoints (admins), or with `organizationId` that organization's (`webhook:read`), " +
      'newest first. Never their secrets.',
    query: listEndpointsQuery,
    requires: 'sensitive',
    accepts: NOT_BY_API_KEY,
    response: endpointListAnswer,
    errors: accessRefusals(setup.organizations),
    noStore: true,
    async handler({ auth, query, session: { user } }) {
      const organizationId = query.organizationId ?? null;
      await requireWebhookAccess(auth, user, organizationId, 'read');
      return { endpoints: (await endpointsOf(auth.db, organizationId)).map(endpointToJson) };
    },
  });
