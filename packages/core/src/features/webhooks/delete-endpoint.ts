import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { accessRefusals, endpointFor } from './endpoint-access.ts';
import { endpointEvent } from './endpoint-event.ts';
import { deleteEndpoint } from './webhook.repository.ts';
import { successAnswer } from './webhook-response-schemas.ts';
import type { WebhookRoutesSetup } from './webhook-routes-setup.ts';
import { endpointIdBody } from './webhook-schemas.ts';

/** POST /webhooks/delete-endpoint (docs/protocol/webhooks.md#44-post-webhooksdelete-endpoint): with its log. */
export const deleteWebhookEndpoint = (setup: WebhookRoutesSetup) =>
  defineEndpoint({
    name: 'deleteWebhookEndpoint',
    method: 'POST',
    path: '/webhooks/delete-endpoint',
    summary: 'Delete a webhook endpoint',
    description: 'The endpoint, its pending retries and its delivery log.',
    body: endpointIdBody,
    requires: 'sensitive',
    accepts: NOT_BY_API_KEY,
    response: successAnswer,
    errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', ...accessRefusals(setup.organizations)],
    async handler({ auth, request, body, session: { user } }) {
      const row = await endpointFor(auth, user, body.endpointId, 'delete');
      await auth.db.transaction().execute(async (trx) => {
        await deleteEndpoint(trx, row.id);
        await auth.audit.recordIn(trx, request, endpointEvent('webhook.endpoint_deleted', row));
      });
      return { success: true };
    },
  });
