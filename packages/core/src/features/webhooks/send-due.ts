import { type ExpressionBuilder, sql } from 'kysely';
import type { AuthContext } from '../../context.ts';
import { rowLimit } from '../../db/row-limit.ts';
import type { Schema } from '../../db/schema.ts';
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
const CANDIDATES = BATCH * (PER_ENDPOINT + 1);
/**
 * A claimed delivery's lease outlives the longest attempt (`webhooks.timeoutMs` for the headers,
 * again for the body, then the record), so only an instance that died mid-attempt loses it, and
 * its message goes out again soon after (W11): 30 s with the default 10 s timeout.
 */
const leaseMs = (config: ResolvedWebhooks): number => 2 * config.timeoutMs + 10_000;

/** What a claim took, and whether due deliveries stayed behind (a batch or an endpoint was full). */
interface Claim {
  claimed: DeliveryRow[];
  leftBehind: boolean;
}

/**
 * Claims the due deliveries with a lease, in one short transaction (PostgreSQL skips rows another
 * instance holds, so no two send the same attempt; SQLite has one writer), at most four in
 * flight per endpoint.
 */
async function claimDue(auth: AuthContext, config: ResolvedWebhooks): Promise<Claim> {
  const now = new Date(auth.options.now()).toISOString();
  const isDue = (eb: ExpressionBuilder<Schema, 'webhookDelivery'>) =>
    eb.and([
      eb('status', '=', 'pending'),
      eb('nextAttemptAt', '<=', now),
      eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]),
    ]);
  return auth.db.transaction().execute(async (trx) => {
    // At most four candidates per endpoint, so one endpoint's backlog never fills the batch and
    // hides the others' due messages behind it; a fifth tells that its backlog stays behind.
    const ranked = trx
      .selectFrom('webhookDelivery')
      .select([
        'id',
        sql<number>`row_number() over (partition by "endpointId" order by "nextAttemptAt")`.as('rank'),
      ])
      .where(isDue);
    // Checked again on the rows themselves: PostgreSQL re-reads a row another claim just leased
    // against these conditions, not against the ranking.
    const due = trx
      .selectFrom('webhookDelivery')
      .selectAll()
      .where(
        'id',
        'in',
        trx
          .selectFrom(ranked.as('ranked'))
          .select('ranked.id')
          .where('ranked.rank', '<=', PER_ENDPOINT + 1),
      )
      .where(isDue)
      .orderBy('nextAttemptAt')
      .limit(rowLimit(CANDIDATES));
    const rows =
      auth.dialect === 'postgres'
        ? await due.modifyEnd(sql`for update skip locked`).execute()
        : await due.execute();
    if (rows.length === 0) return { claimed: [], leftBehind: false };
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
        .set({ leaseUntil: new Date(auth.options.now() + leaseMs(config)).toISOString() })
        .where(
          'id',
          'in',
          claimed.map((row) => row.id),
        )
        .execute();
    return { claimed, leftBehind: rows.length === CANDIDATES || claimed.length < rows.length };
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
  // What the attempt came to, and whether it still counts towards the endpoint's health.
  type Recorded = { outcome: WebhookAttemptOutcome; counts: boolean };
  const recorded = await auth.db.transaction().execute(async (trx): Promise<Recorded | undefined> => {
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
    const cancelled = Number(pending.numUpdatedRows) === 0;
    if (cancelled) {
      const kept = await trx
        .updateTable('webhookDelivery')
        .set({ ...measured, leaseUntil: null })
        .where('id', '=', delivery.id)
        .executeTakeFirst();
      if (Number(kept.numUpdatedRows) === 0) return undefined;
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
    // Nor is it held against the endpoint: a disabled endpoint is not watched (no failing mark, no
    // notice for an answer that came after its owner turned it off).
    if (result.ok) return { outcome: 'succeeded', counts: !cancelled };
    return { outcome: !cancelled && status === 'pending' ? 'retried' : 'failed', counts: !cancelled };
  });
  if (!recorded) return;
  auth.options.events.webhookAttempted?.(recorded.outcome);
  if (!recorded.counts) return;
  await noteAttempt(auth, endpoint, result.ok, {
    responseStatus: result.responseStatus,
    error: result.error,
  });
}

/**
 * Starts every due delivery this tick claims and answers their attempts, without waiting for
 * them: a tick that waited would hold every other endpoint's messages behind one that hangs for
 * the whole timeout (docs/protocol/webhooks.md#7-delivery-retries-ordering: first attempt within
 * 5 s). The leases keep the attempts still in flight out of later ticks' claims and count towards
 * their endpoint's four; the worker keeps the answered promises (they never reject) so that a stop
 * can let them finish.
 */
export async function sendDue(auth: AuthContext, config: ResolvedWebhooks): Promise<Promise<void>[]> {
  const { claimed, leftBehind } = await claimDue(auth, config);
  return claimed.map((delivery) => {
    const sent = attempt(auth, config, delivery).catch((error) =>
      auth.options.logError('Could not attempt a webhook delivery', error),
    );
    // A finished attempt frees a slot: due messages left behind need not wait for the next tick.
    return leftBehind ? sent.finally(() => auth.ports.eventOutbox?.wake()) : sent;
  });
}
