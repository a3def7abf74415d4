import { rowLimit } from '../../db/row-limit.ts';
import type { AuthDatabase } from '../../db/schema.ts';
import { insertDeliveries } from './webhook.repository.ts';
import { newDelivery } from './webhook-message.ts';

/** An endpoint as the operator's `webhooks list` prints it: never its secret. */
export interface OperatorWebhookEndpoint {
  id: string;
  /** `server` for a server-wide endpoint, else the owning organization's id. */
  scope: string;
  url: string;
  enabled: boolean;
  failing: boolean;
  /** The newest delivery's status (`pending`, `succeeded`, `failed`), null before the first. */
  lastDeliveryStatus: string | null;
}

const flag = (value: unknown) => value === true || value === 1;

/** Every endpoint, oldest first, each with its newest delivery's status (read through the log index). */
export async function listWebhookEndpoints({ db }: AuthDatabase): Promise<OperatorWebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhookEndpoint as e')
    .select((eb) => [
      'e.id',
      'e.organizationId',
      'e.url',
      'e.enabled',
      'e.failing',
      eb
        .selectFrom('webhookDelivery as d')
        .select('d.status')
        .whereRef('d.endpointId', '=', 'e.id')
        .orderBy('d.createdAt', 'desc')
        .orderBy('d.id', 'desc')
        .limit(rowLimit(1))
        .as('lastDeliveryStatus'),
    ])
    .orderBy('e.createdAt')
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    scope: row.organizationId ?? 'server',
    url: row.url,
    enabled: flag(row.enabled),
    failing: flag(row.failing),
    lastDeliveryStatus: row.lastDeliveryStatus ?? null,
  }));
}

/**
 * `webhooks replay`: a redelivery (docs/protocol/webhooks.md#47-post-webhooksredeliver: same
 * webhook-id and bytes, a full schedule) of every `failed` delivery created at or after `since` to
 * an enabled endpoint (one endpoint with `endpointId`). A failed delivery that has a redelivery
 * already is left out, so running the command twice sends nothing twice. The running servers'
 * workers pick the new deliveries up. Answers how many were made.
 */
export async function replayFailedWebhooks(
  { db }: AuthDatabase,
  { since, endpointId, now }: { since: Date; endpointId?: string; now: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('webhookDelivery as d')
      .innerJoin('webhookEndpoint as e', 'e.id', 'd.endpointId')
      .selectAll('d')
      .where('d.status', '=', 'failed')
      .where('d.createdAt', '>=', since.toISOString())
      .where('e.enabled', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('webhookDelivery as r').select('r.id').whereRef('r.redeliveryOf', '=', 'd.id')),
        ),
      )
      .orderBy('d.createdAt');
    if (endpointId !== undefined) query = query.where('d.endpointId', '=', endpointId);
    const failed = await query.execute();
    await insertDeliveries(
      trx,
      failed.map((original) =>
        newDelivery({
          endpointId: original.endpointId,
          eventId: original.eventId,
          eventType: original.eventType,
          webhookId: original.webhookId,
          body: original.body,
          now,
          redeliveryOf: original.id,
        }),
      ),
    );
    return failed.length;
  });
}
