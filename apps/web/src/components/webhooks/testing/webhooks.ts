import type { WebhookDelivery, WebhookEndpoint } from '@gatehouse/client';

/** An endpoint as the list routes answer it (never with its secret); for the screens' tests. */
export const endpointFixture = (id: string, extra: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  url: `https://hooks.example.com/${id}`,
  events: ['user.*'],
  organizationId: null,
  description: null,
  enabled: true,
  failing: false,
  createdAt: '2026-03-12T10:00:00.000Z',
  updatedAt: '2026-03-12T10:00:00.000Z',
  ...extra,
});

/** A delivery as list-deliveries answers it, succeeded at its first attempt unless `extra` says otherwise. */
export const deliveryFixture = (id: string, extra: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  endpointId: 'wh-1',
  eventId: `event-${id}`,
  eventType: 'user.signed_in',
  webhookId: `msg_${id}`,
  attempt: 1,
  status: 'succeeded',
  responseStatus: 204,
  durationMs: 41,
  nextAttemptAt: null,
  createdAt: '2026-03-12T10:00:00.000Z',
  redeliveryOf: null,
  attempts: [
    { attempt: 1, startedAt: '2026-03-12T10:00:01.000Z', responseStatus: 204, durationMs: 41, error: null },
  ],
  ...extra,
});
