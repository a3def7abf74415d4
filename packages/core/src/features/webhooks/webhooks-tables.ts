import type { ColumnType } from 'kysely';
import type { BooleanColumn, DateColumn } from '../../db/schema.ts';

/** An integer column: PostgreSQL's driver may hand back text for large values. */
type IntegerColumn = ColumnType<number | string, number, number>;

/**
 * One registered receiver (docs/protocol/webhooks.md#2-endpoint-object). `events` is JSON text;
 * `secret` and `previousSecret` are encrypted at rest under the engine secret, as linked
 * providers' tokens are; `previousSecret` signs beside the new one until `previousSecretUntil`.
 */
export interface WebhookEndpointTable {
  id: string;
  url: string;
  events: string;
  /** NULL for a server-wide endpoint. */
  organizationId: string | null;
  description: string | null;
  enabled: BooleanColumn;
  /**
   * Since when it receives events: its creation, or its last turning on. An event older than this
   * never reaches it, however late the fan-out runs (W13).
   */
  enabledAt: DateColumn;
  failing: BooleanColumn;
  consecutiveFailures: IntegerColumn;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: DateColumn | null;
  /** Who created it: the failing notice's recipient for a server-wide endpoint. */
  createdBy: string | null;
  createdAt: DateColumn;
  updatedAt: DateColumn;
}

/** An audit event not yet fanned out to deliveries, written in the event's own transaction. */
export interface WebhookOutboxTable {
  eventId: string;
  createdAt: DateColumn;
}

/** One message to one endpoint (docs/protocol/webhooks.md#46-get-webhookslist-deliveriesendpointidlimitcursor). */
export interface WebhookDeliveryTable {
  id: string;
  endpointId: string;
  /** NULL for a test message. */
  eventId: string | null;
  eventType: string;
  webhookId: string;
  /** The exact bytes every attempt sends. */
  body: string;
  attempt: IntegerColumn;
  status: 'pending' | 'succeeded' | 'failed';
  responseStatus: IntegerColumn | null;
  durationMs: IntegerColumn | null;
  nextAttemptAt: DateColumn | null;
  /** While set and in the future, a worker holds the delivery for an attempt. */
  leaseUntil: DateColumn | null;
  createdAt: DateColumn;
  redeliveryOf: string | null;
}

export interface WebhookAttemptTable {
  deliveryId: string;
  attempt: IntegerColumn;
  startedAt: DateColumn;
  responseStatus: IntegerColumn | null;
  durationMs: IntegerColumn;
  error: string | null;
}

/** The feature's tables, by name; part of `Schema` (`db/schema.ts`). */
export interface WebhookTables {
  webhookEndpoint: WebhookEndpointTable;
  webhookOutbox: WebhookOutboxTable;
  webhookDelivery: WebhookDeliveryTable;
  webhookAttempt: WebhookAttemptTable;
}
