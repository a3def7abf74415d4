import type { EventOutbox } from '../../ports/event-outbox.ts';
import { defineFeature } from '../feature-module.ts';
import { eventOutbox } from './event-outbox.ts';
import { webhookTables } from './migrations/0022-webhooks.ts';
import { webhookEndpoints } from './webhooks-endpoints.ts';
import { webhookErrors } from './webhooks-errors.ts';
import { webhookEvents } from './webhooks-events.ts';
import { type ResolvedWebhooks, resolveWebhooks } from './webhooks-options.ts';
import { workerTick } from './worker-tick.ts';

/** One outbox and worker per engine, which its routes wake (the settings object is the engine's own). */
const outboxes = new WeakMap<ResolvedWebhooks, EventOutbox>();
const outboxOf = (config: ResolvedWebhooks): EventOutbox => {
  const known = outboxes.get(config);
  if (known) return known;
  const outbox = eventOutbox(workerTick(config));
  outboxes.set(config, outbox);
  return outbox;
};

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
    webhookEndpoints(config, {
      organizations: options.organization !== undefined,
      wake: () => outboxOf(config).wake(),
    }),
  provides: (config) => ({ eventOutbox: outboxOf(config) }),
});
