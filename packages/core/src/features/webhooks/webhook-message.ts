import type { AuditEventJson } from '../../audit-event.ts';
import { generateId } from '../../crypto/random.ts';
import type { DeliveryRow } from './webhook.repository.ts';

/**
 * The body every attempt sends (docs/protocol/webhooks.md#5-the-message): fixed when the message
 * is made, so retries and redeliveries send the same bytes and the same signature input.
 */
export const messageBody = (event: AuditEventJson): string =>
  JSON.stringify({ type: event.type, timestamp: event.occurredAt, data: event });

/** A new message to one endpoint, due at once. */
export function newDelivery(message: {
  endpointId: string;
  eventId: string | null;
  eventType: string;
  webhookId: string;
  body: string;
  now: number;
  redeliveryOf?: string;
}): DeliveryRow {
  const at = new Date(message.now).toISOString();
  return {
    id: generateId(),
    endpointId: message.endpointId,
    eventId: message.eventId,
    eventType: message.eventType,
    webhookId: message.webhookId,
    body: message.body,
    attempt: 0,
    status: 'pending',
    responseStatus: null,
    durationMs: null,
    nextAttemptAt: at,
    leaseUntil: null,
    createdAt: at,
    redeliveryOf: message.redeliveryOf ?? null,
  };
}
