import { generateId } from '../../crypto/random.ts';
import { AuthError } from '../../errors.ts';
import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { accessRefusals, endpointFor } from './endpoint-access.ts';
import { endpointEvent } from './endpoint-event.ts';
import { insertDeliveries } from './webhook.repository.ts';
import { deliveryToJson } from './webhook-json.ts';
import { messageBody, newDelivery } from './webhook-message.ts';
import { deliveryAnswer } from './webhook-response-schemas.ts';
import type { WebhookRoutesSetup } from './webhook-routes-setup.ts';
import { endpointIdBody } from './webhook-schemas.ts';

/**
 * POST /webhooks/send-test (docs/protocol/webhooks.md#48-post-webhookssend-test): a `webhook.test`
 * message shaped like an audit event, whatever the endpoint's `events`; not stored as an event.
 */
export const sendTestWebhook = (setup: WebhookRoutesSetup) =>
  defineEndpoint({
    name: 'sendTestWebhook',
    method: 'POST',
    path: '/webhooks/send-test',
    summary: 'Send a test message to a webhook endpoint',
    description: 'A `webhook.test` message, delivered and retried like any other.',
    body: endpointIdBody,
    requires: 'sensitive',
    accepts: NOT_BY_API_KEY,
    response: deliveryAnswer,
    errors: [
      'WEBHOOK_ENDPOINT_NOT_FOUND',
      ...accessRefusals(setup.organizations),
      'WEBHOOK_ENDPOINT_DISABLED',
    ],
    async handler({ auth, request, body, session: { user, session } }) {
      const endpoint = await endpointFor(auth, user, body.endpointId, 'update');
      if (!endpoint.enabled) throw new AuthError('WEBHOOK_ENDPOINT_DISABLED');
      const now = auth.options.now();
      const body_ = messageBody({
        id: generateId(),
        type: 'webhook.test',
        occurredAt: new Date(now).toISOString(),
        outcome: 'success',
        actor: {
          type: 'user',
          id: user.id,
          email: user.email,
          impersonatorId: session.impersonatedBy ?? null,
        },
        target: { type: 'webhookEndpoint', id: endpoint.id },
        organizationId: endpoint.organizationId,
        sessionId: null,
        ip: null,
        userAgent: null,
        requestId: null,
        errorCode: null,
        metadata: {},
      });
      const delivery = newDelivery({
        endpointId: endpoint.id,
        eventId: null,
        eventType: 'webhook.test',
        webhookId: setup.newWebhookId(),
        body: body_,
        now,
      });
      await auth.db.transaction().execute(async (trx) => {
        await insertDeliveries(trx, [delivery]);
        await auth.audit.recordIn(trx, request, endpointEvent('webhook.test_sent', endpoint));
      });
      setup.wake();
      return { delivery: deliveryToJson(delivery, []) };
    },
  });
