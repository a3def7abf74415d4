import type { AttemptRow, DeliveryRow, EndpointRow } from './webhook.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** The endpoint object (docs/protocol/webhooks.md#2-endpoint-object): never a secret. */
export function endpointToJson(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    organizationId: row.organizationId,
    description: row.description,
    enabled: Boolean(row.enabled),
    failing: Boolean(row.failing),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A delivery with its attempts (docs/protocol/webhooks.md#46-get-webhookslist-deliveriesendpointidlimitcursor); no body. */
export function deliveryToJson(row: DeliveryRow, attempts: readonly AttemptRow[]) {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    webhookId: row.webhookId,
    attempt: Number(row.attempt),
    status: row.status,
    responseStatus: numberOrNull(row.responseStatus),
    durationMs: numberOrNull(row.durationMs),
    nextAttemptAt: row.status === 'pending' ? isoOrNull(row.nextAttemptAt) : null,
    createdAt: iso(row.createdAt),
    redeliveryOf: row.redeliveryOf,
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === row.id)
      .map((attempt) => ({
        attempt: Number(attempt.attempt),
        startedAt: iso(attempt.startedAt),
        responseStatus: numberOrNull(attempt.responseStatus),
        durationMs: Number(attempt.durationMs),
        error: attempt.error,
      })),
  };
}
