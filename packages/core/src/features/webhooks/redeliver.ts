import { AuthError } from '../../errors.ts';
import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { accessRefusals, endpointOfDelivery } from './endpoint-access.ts';
import { endpointEvent } from './endpoint-event.ts';
import { findDelivery, insertDeliveries } from './webhook.repository.ts';
import { deliveryToJson } from './webhook-json.ts';
import { newDelivery } from './webhook-message.ts';
import { deliveryAnswer } from './webhook-response-schemas.ts';
import type { WebhookRoutesSetup } from './webhook-routes-setup.ts';
import { deliveryIdBody } from './webhook-schemas.ts';

/**
 * POST /webhooks/redeliver (docs/protocol/webhooks.md#47-post-webhooksredeliver): a new delivery of
 * the same message — same webhook-id and bytes, so receivers deduplicate it — with a full schedule.
 */
export const redeliverWebhook = (setup: WebhookRoutesSetup) =>
  defineEndpoint({
    name: 'redeliverWebhook',
    method: 'POST',
    path: '/webhooks/redeliver',
    summary: 'Send a webhook message again',
    description:
      "A new delivery of the same message (same `webhook-id`, same body), whatever the original's status.",
    body: deliveryIdBody,
    requires: 'sensitive',
    accepts: NOT_BY_API_KEY,
    response: deliveryAnswer,
    errors: [
      'WEBHOOK_DELIVERY_NOT_FOUND',
      ...accessRefusals(setup.organizations),
      'WEBHOOK_ENDPOINT_DISABLED',
    ],
    async handler({ auth, request, body, session: { user } }) {
      const original = await findDelivery(auth.db, body.deliveryId);
      if (!original) throw new AuthError('WEBHOOK_DELIVERY_NOT_FOUND');
      const endpoint = await endpointOfDelivery(auth, user, original.endpointId, 'update');
      if (!endpoint.enabled) throw new AuthError('WEBHOOK_ENDPOINT_DISABLED');
      const delivery = newDelivery({
        endpointId: endpoint.id,
        eventId: original.eventId,
        eventType: original.eventType,
        webhookId: original.webhookId,
        body: original.body,
        now: auth.options.now(),
        redeliveryOf: original.id,
      });
      await auth.db.transaction().execute(async (trx) => {
        await insertDeliveries(trx, [delivery]);
        await auth.audit.recordIn(
          trx,
          request,
          endpointEvent('webhook.redelivery_requested', endpoint, { deliveryId: original.id }),
        );
      });
      setup.wake();
      return { delivery: deliveryToJson(delivery, []) };
    },
  });
