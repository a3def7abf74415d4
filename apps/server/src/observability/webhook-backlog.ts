import type { AuthDatabase } from '@gatehouse/core';

/** How long the oldest webhook work has waited, in seconds; 0 when none waits. */
export interface WebhookBacklog {
  /** The oldest event not yet fanned out to deliveries. */
  outbox: number;
  /** The oldest delivery whose attempt is due (pending, `nextAttemptAt` passed). */
  deliveries: number;
}

/**
 * One statement for a scrape: the outbox is drained every tick, so it holds a few rows unless the
 * worker is stuck, and the due deliveries are read through `webhookDelivery_due_idx`
 * (status, nextAttemptAt), which answers the minimum from the index alone.
 */
export async function readWebhookBacklog(database: AuthDatabase, now: number): Promise<WebhookBacklog> {
  const at = new Date(now).toISOString();
  const row = await database.db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('webhookOutbox')
        .select((inner) => inner.fn.min('createdAt').as('oldest'))
        .as('outbox'),
      eb
        .selectFrom('webhookDelivery')
        .select((inner) => inner.fn.min('nextAttemptAt').as('oldest'))
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', at)
        .as('deliveries'),
    ])
    .executeTakeFirst();
  const age = (oldest: unknown) =>
    oldest === null || oldest === undefined
      ? 0
      : Math.max(0, (now - new Date(oldest as string | Date).getTime()) / 1000);
  return { outbox: age(row?.outbox), deliveries: age(row?.deliveries) };
}
