import type { AuthContext } from '../../context.ts';
import { newWebhookId } from './delivery/signature.ts';
import { fanOut } from './fan-out.ts';
import { sendDue } from './send-due.ts';
import type { ResolvedWebhooks } from './webhooks-options.ts';

const DAY_MS = 86_400_000;
/** The delivery log is kept 30 days (docs/protocol/webhooks.md#46-get-webhookslist-deliveriesendpointidlimitcursor). */
const KEPT_MS = 30 * DAY_MS;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * One tick of the engine's worker: new events to deliveries, about hourly the log past 30 days
 * (with the audit retention's rhythm, on the worker's own timer), then the due attempts. Answers
 * the attempts it started, still in flight.
 */
export function workerTick(config: ResolvedWebhooks) {
  let prunedAt = 0;
  return async (auth: AuthContext): Promise<Promise<void>[]> => {
    // A full batch of events leaves more behind it: the next tick follows at once.
    if (await fanOut(auth, newWebhookId)) auth.ports.eventOutbox?.wake();
    const now = auth.options.now();
    if (now - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now;
      const before = new Date(now - KEPT_MS).toISOString();
      const old = auth.db.selectFrom('webhookDelivery').select('id').where('createdAt', '<', before);
      await auth.db.deleteFrom('webhookAttempt').where('deliveryId', 'in', old).execute();
      await auth.db.deleteFrom('webhookDelivery').where('createdAt', '<', before).execute();
    }
    return sendDue(auth, config);
  };
}
