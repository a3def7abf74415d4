import { AuthError } from '../../errors.ts';
import { createWebhookEndpoint } from './create-endpoint.ts';
import { deleteWebhookEndpoint } from './delete-endpoint.ts';
import { newWebhookId } from './delivery/signature.ts';
import { checkWebhookUrl } from './delivery/target-url.ts';
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
    // The target's checks as written (docs/protocol/webhooks.md#8-targets-ssrf-guard); names are not resolved here.
    checkUrl: (raw: string) => {
      const refusal = checkWebhookUrl(raw, config.allowPrivateUrls);
      if (refusal) throw new AuthError(refusal);
    },
    urlRefusals: ['INVALID_WEBHOOK_URL', 'WEBHOOK_URL_PRIVATE_ADDRESS', 'WEBHOOK_URL_NOT_HTTPS'],
    wake: features.wake,
    newWebhookId,
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
