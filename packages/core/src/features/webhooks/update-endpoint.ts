import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { accessRefusals, endpointFor } from './endpoint-access.ts';
import { endpointEvent } from './endpoint-event.ts';
import { checkEventPatterns } from './event-patterns.ts';
import { failPendingDeliveries, findEndpoint, updateEndpoint } from './webhook.repository.ts';
import { endpointToJson } from './webhook-json.ts';
import { endpointAnswer } from './webhook-response-schemas.ts';
import type { WebhookRoutesSetup } from './webhook-routes-setup.ts';
import { updateEndpointBody } from './webhook-schemas.ts';

/**
 * POST /webhooks/update-endpoint (docs/protocol/webhooks.md#43-post-webhooksupdate-endpoint): the
 * create checks for the changed fields. Disabling cancels the pending retries in the same
 * transaction, so no attempt starts after the answer.
 */
export const updateWebhookEndpoint = (setup: WebhookRoutesSetup) =>
  defineEndpoint({
    name: 'updateWebhookEndpoint',
    method: 'POST',
    path: '/webhooks/update-endpoint',
    summary: 'Change a webhook endpoint',
    description:
      'Its URL, events, description, or whether it is on. Turning it off cancels its pending retries; ' +
      'events while it is off are never delivered.',
    body: updateEndpointBody,
    requires: 'sensitive',
    accepts: NOT_BY_API_KEY,
    response: endpointAnswer,
    errors: [
      'WEBHOOK_ENDPOINT_NOT_FOUND',
      ...accessRefusals(setup.organizations),
      'WEBHOOK_EVENT_TYPE_UNKNOWN',
      ...setup.urlRefusals,
    ],
    async handler({ auth, request, body, session: { user } }) {
      const row = await endpointFor(auth, user, body.endpointId, 'update');
      if (body.events !== undefined) checkEventPatterns(body.events);
      if (body.url !== undefined) setup.checkUrl(body.url);
      const fields = (['url', 'events', 'enabled', 'description'] as const).filter(
        (field) => body[field] !== undefined,
      );
      const now = new Date(auth.options.now()).toISOString();
      const turnedOn = body.enabled === true && !row.enabled;
      await auth.db.transaction().execute(async (trx) => {
        await updateEndpoint(trx, row.id, {
          url: body.url,
          events: body.events === undefined ? undefined : JSON.stringify(body.events),
          enabled: body.enabled,
          ...(turnedOn ? { enabledAt: now } : {}),
          description: body.description,
          updatedAt: now,
        });
        if (body.enabled === false) await failPendingDeliveries(trx, row.id);
        await auth.audit.recordIn(
          trx,
          request,
          endpointEvent('webhook.endpoint_updated', row, {
            fields,
            enabled: body.enabled ?? Boolean(row.enabled),
          }),
        );
      });
      const updated = await findEndpoint(auth.db, row.id);
      if (!updated) throw new Error('the endpoint just updated is gone');
      return { endpoint: endpointToJson(updated) };
    },
  });
