import { sql } from 'kysely';
import type { AuthContext } from '../../context.ts';
import type { WebhookAttemptOutcome } from '../../options.ts';
import { nextDelayMs } from './delivery/retry-schedule.ts';
import { sendAttempt } from './delivery/send-attempt.ts';
import { signatureHeader } from './delivery/signature.ts';
import { noteAttempt } from './endpoint-health.ts';
import { signingSecrets } from './endpoint-secret.ts';
import { type DeliveryRow, type EndpointRow, findEndpoint, removeDelivery } from './webhook.repository.ts';
import type { ResolvedWebhooks } from './webhooks-options.ts';

/** Attempts started per tick, and at once per endpoint (docs/protocol/webhooks.md#7-delivery-retries-ordering). */
const BATCH = 20;
const PER_ENDPOINT = 4;
/**
 * The lease outlives the longest attempt (`webhooks.timeoutMs` is at most 60 s, for the headers and
 * again for the body), so only a crashed instance's attempt is claimed again.
 */
const LEASE_MS = 180_000;

/**
 * Claims the due deliveries with a lease, in one short transaction (PostgreSQL skips rows another
 * instance holds, so no two send the same attempt; SQLite has one writer), at most four in
 * flight per endpoint, and answers them.
 */
async function claimDue(auth: AuthContext): Promise<DeliveryRow[]> {
  const now = new Date(auth.options.now()).toISOString();
  return auth.db.transaction().execute(async (trx) => {
    const due = trx
      .selectFrom('webhookDelivery')
      .selectAll()
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', now)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
      .orderBy('nextAttemptAt')
      .limit(BATCH * PER_ENDPOINT);
    const rows =
      auth.dialect === 'postgres'
        ? await due.modifyEnd(sql`for update skip locked`).execute()
        : await due.execute();
    if (rows.length === 0) return [];
    const busy = await trx
      .selectFrom('webhookDelivery')
      .select(['endpointId', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('status', '=', 'pending')
      .where('leaseUntil', '>=', now)
      .groupBy('endpointId')
      .execute();
    const inFlight = new Map(busy.map((row) => [row.endpointId, Number(row.n)]));
    const claimed: DeliveryRow[] = [];
    for (const row of rows) {
      const taken = inFlight.get(row.endpointId) ?? 0;
      if (taken >= PER_ENDPOINT || claimed.length >= BATCH) continue;
      inFlight.set(row.endpointId, taken + 1);
      claimed.push(row);
    }
    if (claimed.length > 0)
      await trx
        .updateTable('webhookDelivery')
        .set({ leaseUntil: new Date(auth.options.now() + LEASE_MS).toISOString() })
        .where(
          'id',
          'in',
          claimed.map((row) => row.id),
        )
        .execute();
    return claimed;
  });
}

/** One attempt of one delivery: signed for this moment, sent, recorded, and the next one scheduled. */
async function attempt(auth: AuthContext, config: ResolvedWebhooks, delivery: DeliveryRow): Promise<void> {
  const endpoint: EndpointRow | undefined = await findEndpoint(auth.db, delivery.endpointId);
  if (!endpoint) {
    await removeDelivery(auth.db, delivery.id);
    return;
  }
  if (!endpoint.enabled) {
    await auth.db
      .updateTable('webhookDelivery')
      .set({ status: 'failed', nextAttemptAt: null, leaseUntil: null })
      .where('id', '=', delivery.id)
      .execute();
    return;
  }
  const startedAt = auth.options.now();
  const timestamp = Math.floor(startedAt / 1000);
  const result = await sendAttempt(
    {
      url: endpoint.url,
      body: delivery.body,
      // content-type and user-agent are the sender's own (delivery/send-attempt.ts).
      headers: {
        'webhook-id': delivery.webhookId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(
          signingSecrets(auth, endpoint, startedAt),
          delivery.webhookId,
          timestamp,
          delivery.body,
        ),
      },
    },
    { allowPrivate: config.allowPrivateUrls, timeoutMs: config.timeoutMs },
  );
  const made = Number(delivery.attempt) + 1;
  const delay = result.ok ? undefined : nextDelayMs(made, config.retryBaseMs, result.retryAfterMs);
  const status = result.ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
  const measured = {
    attempt: made,
    responseStatus: result.responseStatus,
    durationMs: Math.round(result.durationMs),
  };
  const recorded = await auth.db
    .transaction()
    .execute(async (trx): Promise<WebhookAttemptOutcome | undefined> => {
      // The state changes only while the delivery is still pending: a disable during the attempt
      // cancelled it (no retry after the answer), a delete removed it (nothing left to record).
      const pending = await trx
        .updateTable('webhookDelivery')
        .set({
          ...measured,
          status,
          nextAttemptAt:
            status === 'pending' && delay !== undefined
              ? new Date(auth.options.now() + delay).toISOString()
              : null,
          leaseUntil: null,
        })
        .where('id', '=', delivery.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(pending.numUpdatedRows) === 0) {
        const cancelled = await trx
          .updateTable('webhookDelivery')
          .set({ ...measured, leaseUntil: null })
          .where('id', '=', delivery.id)
          .executeTakeFirst();
        if (Number(cancelled.numUpdatedRows) === 0) return undefined;
      }
      await trx
        .insertInto('webhookAttempt')
        .values({
          deliveryId: delivery.id,
          attempt: made,
          startedAt: new Date(startedAt).toISOString(),
          responseStatus: result.responseStatus,
          durationMs: measured.durationMs,
          error: result.error,
        })
        .execute();
      // A cancelled delivery (its endpoint turned off meanwhile) is not retried: it counts as failed.
      return result.ok
        ? 'succeeded'
        : Number(pending.numUpdatedRows) > 0 && status === 'pending'
          ? 'retried'
          : 'failed';
    });
  if (recorded) auth.options.events.webhookAttempted?.(recorded);
  await noteAttempt(auth, endpoint, result.ok, {
    responseStatus: result.responseStatus,
    error: result.error,
  });
}

/** Sends every due delivery this tick claims, concurrently; answers how many it attempted. */
export async function sendDue(auth: AuthContext, config: ResolvedWebhooks): Promise<number> {
  const claimed = await claimDue(auth);
  const outcomes = await Promise.allSettled(claimed.map((delivery) => attempt(auth, config, delivery)));
  for (const outcome of outcomes)
    if (outcome.status === 'rejected')
      auth.options.logError('Could not attempt a webhook delivery', outcome.reason);
  return claimed.length;
}
