import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { newWebhookSecret } from './delivery/signature.ts';
import { accessRefusals, endpointFor } from './endpoint-access.ts';
import { endpointEvent } from './endpoint-event.ts';
import { ROTATION_OVERLAP_MS, sealSecret } from './endpoint-secret.ts';
import { updateEndpoint } from './webhook.repository.ts';
import { secretAnswer } from './webhook-response-schemas.ts';
import type { WebhookRoutesSetup } from './webhook-routes-setup.ts';
import { endpointIdBody } from './webhook-schemas.ts';

/**
 * POST /webhooks/rotate-secret (docs/protocol/webhooks.md#45-post-webhooksrotate-secret): the
 * current secret becomes the previous one for 24 hours, which drops an older previous one, so
 * never more than two sign.
 */
export const rotateWebhookSecret = (setup: WebhookRoutesSetup) =>
  defineEndpoint({
    name: 'rotateWebhookSecret',
    method: 'POST',
    path: '/webhooks/rotate-secret',
    summary: "Renew a webhook endpoint's secret",
    description:
      'Answers the new secret once; for 24 hours deliveries carry signatures by the new and the old.',
    body: endpointIdBody,
    requires: 'sensitive',
    accepts: NOT_BY_API_KEY,
    response: secretAnswer,
    errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', ...accessRefusals(setup.organizations)],
    async handler({ auth, request, body, session: { user } }) {
      const row = await endpointFor(auth, user, body.endpointId, 'update');
      const secret = newWebhookSecret();
      const now = auth.options.now();
      await auth.db.transaction().execute(async (trx) => {
        await updateEndpoint(trx, row.id, {
          secret: sealSecret(auth, secret),
          previousSecret: row.secret,
          previousSecretUntil: new Date(now + ROTATION_OVERLAP_MS).toISOString(),
          updatedAt: new Date(now).toISOString(),
        });
        await auth.audit.recordIn(trx, request, endpointEvent('webhook.secret_rotated', row));
      });
      return { secret };
    },
  });
