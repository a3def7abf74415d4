import { defineFeature } from '../feature-module.ts';
import { webhookTables } from './migrations/0022-webhooks.ts';
import { webhookEndpoints } from './webhooks-endpoints.ts';
import { webhookErrors } from './webhooks-errors.ts';
import { webhookEvents } from './webhooks-events.ts';
import { resolveWebhooks } from './webhooks-options.ts';

export const webhookModule = defineFeature({
  name: 'webhooks',
  api: {
    name: 'Webhooks',
    description:
      'Security events delivered to registered HTTPS endpoints, server-wide or per organization, signed per Standard Webhooks.',
  },
  errors: webhookErrors,
  events: webhookEvents,
  migrations: { '0022-webhooks': webhookTables },
  settings: (options) => ({ webhooks: resolveWebhooks(options.webhooks) }),
  config: (options) => options.webhooks,
  endpoints: (config, options) =>
    webhookEndpoints(config, { organizations: options.organization !== undefined, wake: () => {} }),
});
