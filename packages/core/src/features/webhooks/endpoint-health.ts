import { sql } from 'kysely';
import type { AuthContext } from '../../context.ts';
import { endpointEvent } from './endpoint-event.ts';
import { type LastAttempt, noticeEndpointFailing } from './failing-notice.ts';
import type { EndpointRow } from './webhook.repository.ts';

/** Consecutive failed attempts that make an endpoint `failing` (docs/protocol/webhooks.md#2-endpoint-object). */
const FAILING_AFTER = 3;

/**
 * Counts an attempt towards the endpoint's health. The flag flips in a conditional update, so of
 * several instances exactly one records `webhook.endpoint_failing` or `_recovered` by the system,
 * and that one emails the failing notice. A success at an endpoint that was healthy when the
 * attempt read it writes nothing: that is nearly every attempt, and a failure another instance
 * counted meanwhile stands, as if it had come after.
 */
export async function noteAttempt(
  auth: AuthContext,
  endpoint: EndpointRow,
  ok: boolean,
  last: LastAttempt,
): Promise<void> {
  if (ok) {
    if (!endpoint.failing && Number(endpoint.consecutiveFailures) === 0) return;
    await auth.db
      .updateTable('webhookEndpoint')
      .set({ consecutiveFailures: 0 })
      .where('id', '=', endpoint.id)
      .execute();
    const flipped = await auth.db
      .updateTable('webhookEndpoint')
      .set({ failing: 0 })
      .where('id', '=', endpoint.id)
      .where('failing', '=', 1)
      .executeTakeFirst();
    if (Number(flipped.numUpdatedRows) > 0) await recordHealth(auth, endpoint, 'webhook.endpoint_recovered');
    return;
  }
  await auth.db
    .updateTable('webhookEndpoint')
    .set({ consecutiveFailures: sql<number>`"consecutiveFailures" + 1` })
    .where('id', '=', endpoint.id)
    .execute();
  const flipped = await auth.db
    .updateTable('webhookEndpoint')
    .set({ failing: 1 })
    .where('id', '=', endpoint.id)
    .where('failing', '=', 0)
    .where('consecutiveFailures', '>=', FAILING_AFTER)
    .executeTakeFirst();
  if (Number(flipped.numUpdatedRows) === 0) return;
  await recordHealth(auth, endpoint, 'webhook.endpoint_failing');
  // Only the instance whose update flipped the flag gets here, so the notice goes once.
  await noticeEndpointFailing(auth, endpoint, last).catch((error) =>
    auth.options.logError('Could not send the webhook-failing notice', error),
  );
}

async function recordHealth(
  auth: AuthContext,
  endpoint: EndpointRow,
  type: 'webhook.endpoint_failing' | 'webhook.endpoint_recovered',
): Promise<void> {
  await auth.audit.record(undefined, {
    ...endpointEvent(type, endpoint),
    actor: { type: 'system', id: null, email: null },
  });
}
