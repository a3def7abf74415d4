import { sql, type Transaction } from 'kysely';
import { auditEventToJson } from '../../audit-event.ts';
import type { AuthContext } from '../../context.ts';
import { rowLimit } from '../../db/row-limit.ts';
import { type Schema, toDate } from '../../db/schema.ts';
import { matchesEventType } from './event-patterns.ts';
import { type DeliveryRow, insertDeliveries } from './webhook.repository.ts';
import { messageBody, newDelivery } from './webhook-message.ts';

/** Outbox rows turned into deliveries per tick; the rest wait for the next. */
const BATCH = 100;

/**
 * Turns waiting events into deliveries, in one transaction: claims outbox rows (PostgreSQL skips
 * the rows another instance holds, so two never fan out one event), makes one message per enabled
 * endpoint whose scope and events match (docs/protocol/webhooks.md#7-delivery-retries-ordering),
 * and deletes the claimed rows. Answers whether it took a whole batch (more may be waiting).
 */
export async function fanOut(auth: AuthContext, newWebhookId: () => string): Promise<boolean> {
  return auth.db.transaction().execute(async (trx) => {
    const claimed = await claimOutbox(auth, trx);
    if (claimed.length === 0) return false;
    const events = await trx.selectFrom('auditEvent').selectAll().where('id', 'in', claimed).execute();
    const enabled = trx
      .selectFrom('webhookEndpoint')
      .select(['id', 'events', 'organizationId', 'enabledAt'])
      .where('enabled', '=', 1);
    // PostgreSQL: a delete or disable waits for this fan-out, so it then removes or fails what it made.
    const endpoints =
      auth.dialect === 'postgres' ? await enabled.forShare().execute() : await enabled.execute();
    const subscribed = endpoints.map((endpoint) => ({
      ...endpoint,
      patterns: JSON.parse(endpoint.events) as string[],
      since: toDate(endpoint.enabledAt).getTime(),
    }));
    const now = auth.options.now();
    const deliveries: DeliveryRow[] = [];
    for (const row of events) {
      const event = auditEventToJson(row);
      const body = messageBody(event);
      for (const endpoint of subscribed) {
        if (endpoint.organizationId !== null && endpoint.organizationId !== event.organizationId) continue;
        if (!matchesEventType(endpoint.patterns, event.type)) continue;
        // Off, or not yet made, when the event happened: a late fan-out must not deliver it (W13).
        if (Date.parse(event.occurredAt) < endpoint.since) continue;
        deliveries.push(
          newDelivery({
            endpointId: endpoint.id,
            eventId: event.id,
            eventType: event.type,
            webhookId: newWebhookId(),
            body,
            now,
          }),
        );
      }
    }
    await insertDeliveries(trx, deliveries);
    await trx.deleteFrom('webhookOutbox').where('eventId', 'in', claimed).execute();
    return claimed.length === BATCH;
  });
}

async function claimOutbox(auth: AuthContext, trx: Transaction<Schema>): Promise<string[]> {
  const query = trx.selectFrom('webhookOutbox').select('eventId').orderBy('createdAt').limit(rowLimit(BATCH));
  const rows =
    auth.dialect === 'postgres'
      ? await query.modifyEnd(sql`for update skip locked`).execute()
      : await query.execute();
  return rows.map((row) => row.eventId);
}
