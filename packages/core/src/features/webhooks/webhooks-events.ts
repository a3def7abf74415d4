/**
 * The security events only the webhooks feature records (docs/protocol/webhooks.md#9-audit-events),
 * part of the event model (`event-types.ts`). Never a secret, a signature, a message body or a
 * receiver's answer in their metadata.
 */
export const webhookEvents = [
  'webhook.endpoint_created',
  'webhook.endpoint_updated',
  'webhook.endpoint_deleted',
  'webhook.secret_rotated',
  'webhook.redelivery_requested',
  'webhook.test_sent',
  // By the system: the endpoint's `failing` flag turning true, and back to false.
  'webhook.endpoint_failing',
  'webhook.endpoint_recovered',
] as const;
