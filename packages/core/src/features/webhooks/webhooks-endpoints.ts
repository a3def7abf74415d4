import { generateId } from '../../crypto/random.ts';
import { AuthError } from '../../errors.ts';
import { createWebhookEndpoint } from './create-endpoint.ts';
import { deleteWebhookEndpoint } from './delete-endpoint.ts';
import { listWebhookDeliveries } from './list-deliveries.ts';
import { listWebhookEndpoints } from './list-endpoints.ts';
import { redeliverWebhook } from './redeliver.ts';
import { rotateWebhookSecret } from './rotate-secret.ts';
import { sendTestWebhook } from './send-test.ts';
import { updateWebhookEndpoint } from './update-endpoint.ts';
import type { WebhookRoutesSetup } from './webhook-routes-setup.ts';
import type { ResolvedWebhooks } from './webhooks-options.ts';

/** The `/webhooks/*` routes of docs/protocol/webhooks.md#4-routes. */
export function webhookEndpoints(
  config: ResolvedWebhooks,
  features: { organizations: boolean; wake: () => void },
) {
  const setup: WebhookRoutesSetup = {
    config,
    organizations: features.organizations,
    checkUrl: (raw: string) => {
      if (raw.length > 2048) throw new AuthError('INVALID_WEBHOOK_URL');
    },
    urlRefusals: ['INVALID_WEBHOOK_URL'],
    wake: features.wake,
    newWebhookId: () => `msg_${generateId()}`,
  };
  return [
    createWebhookEndpoint(setup),
    listWebhookEndpoints(setup),
    updateWebhookEndpoint(setup),
    deleteWebhookEndpoint(setup),
    rotateWebhookSecret(setup),
    listWebhookDeliveries(setup),
    redeliverWebhook(setup),
    sendTestWebhook(setup),
  ] as const;
}
