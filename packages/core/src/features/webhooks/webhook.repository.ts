import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { rowLimit } from '../../db/row-limit.ts';
import type { WebhookAttemptTable, WebhookDeliveryTable, WebhookEndpointTable } from './webhooks-tables.ts';

export type EndpointRow = Selectable<WebhookEndpointTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;
export type AttemptRow = Selectable<WebhookAttemptTable>;

export async function findEndpoint(db: Executor, id: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhookEndpoint').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One scope's endpoints, newest first: an organization's, or the server-wide ones (`null`). */
export async function endpointsOf(db: Executor, organizationId: string | null): Promise<EndpointRow[]> {
  const query = db.selectFrom('webhookEndpoint').selectAll();
  return (
    organizationId === null
      ? query.where('organizationId', 'is', null)
      : query.where('organizationId', '=', organizationId)
  )
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countEndpoints(db: Executor, organizationId: string | null): Promise<number> {
  const query = db.selectFrom('webhookEndpoint').select((eb) => eb.fn.countAll<number | string>().as('n'));
  const row = await (organizationId === null
    ? query.where('organizationId', 'is', null)
    : query.where('organizationId', '=', organizationId)
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(db: Executor, row: EndpointRow): Promise<void> {
  await db
    .insertInto('webhookEndpoint')
    .values({
      ...row,
      enabled: row.enabled ? 1 : 0,
      failing: row.failing ? 1 : 0,
      consecutiveFailures: Number(row.consecutiveFailures),
      enabledAt: String(row.enabledAt),
      createdAt: String(row.createdAt),
      updatedAt: String(row.updatedAt),
      previousSecretUntil: row.previousSecretUntil === null ? null : String(row.previousSecretUntil),
    })
    .execute();
}

export interface EndpointChanges {
  url?: string;
  events?: string;
  enabled?: boolean;
  /** Set when `enabled` turns true. */
  enabledAt?: string;
  description?: string | null;
  secret?: string;
  previousSecret?: string | null;
  previousSecretUntil?: string | null;
  updatedAt: string;
}

export async function updateEndpoint(db: Executor, id: string, changes: EndpointChanges): Promise<void> {
  const { enabled, ...rest } = changes;
  await db
    .updateTable('webhookEndpoint')
    .set({ ...rest, ...(enabled === undefined ? {} : { enabled: enabled ? 1 : 0 }) })
    .where('id', '=', id)
    .execute();
}

/**
 * The endpoint with its delivery log and their attempts. The endpoint's row goes first: on
 * PostgreSQL that waits for a fan-out holding it, whose deliveries the next statements then see.
 */
export async function deleteEndpoint(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('webhookEndpoint').where('id', '=', id).execute();
  await db
    .deleteFrom('webhookAttempt')
    .where('deliveryId', 'in', db.selectFrom('webhookDelivery').select('id').where('endpointId', '=', id))
    .execute();
  await db.deleteFrom('webhookDelivery').where('endpointId', '=', id).execute();
}

/** Pending deliveries of a disabled endpoint are cancelled: failed, nothing more due (docs/protocol/webhooks.md#43-post-webhooksupdate-endpoint). */
export async function failPendingDeliveries(db: Executor, endpointId: string): Promise<void> {
  await db
    .updateTable('webhookDelivery')
    .set({ status: 'failed', nextAttemptAt: null })
    .where('endpointId', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** Rows per insert statement: within every database's limit on bound values (13 a row). */
const INSERT_CHUNK = 500;

/** Writes new deliveries, many to a statement: a fan-out makes one per event and endpoint. */
export async function insertDeliveries(db: Executor, rows: readonly DeliveryRow[]): Promise<void> {
  for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
    const values = rows.slice(from, from + INSERT_CHUNK).map((row) => ({
      ...row,
      attempt: Number(row.attempt),
      responseStatus: row.responseStatus === null ? null : Number(row.responseStatus),
      durationMs: row.durationMs === null ? null : Number(row.durationMs),
      nextAttemptAt: row.nextAttemptAt === null ? null : String(row.nextAttemptAt),
      leaseUntil: row.leaseUntil === null ? null : String(row.leaseUntil),
      createdAt: String(row.createdAt),
    }));
    await db.insertInto('webhookDelivery').values(values).execute();
  }
}

export async function findDelivery(db: Executor, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhookDelivery').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of an endpoint's deliveries, newest first, strictly before the cursor's (createdAt, id). */
export async function deliveriesPage(
  db: Executor,
  endpointId: string,
  before: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<DeliveryRow[]> {
  let query = db.selectFrom('webhookDelivery').selectAll().where('endpointId', '=', endpointId);
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('createdAt', '<', before.createdAt),
        eb.and([eb('createdAt', '=', before.createdAt), eb('id', '<', before.id)]),
      ]),
    );
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(rowLimit(limit)).execute();
}

export async function attemptsOf(db: Executor, deliveryIds: readonly string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhookAttempt')
    .selectAll()
    .where('deliveryId', 'in', deliveryIds)
    .orderBy('attempt')
    .execute();
}

/** A delivery whose endpoint is gone, with its attempts. */
export async function removeDelivery(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('webhookAttempt').where('deliveryId', '=', id).execute();
  await db.deleteFrom('webhookDelivery').where('id', '=', id).execute();
}
