import { AuthError } from '../../errors.ts';
import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { accessRefusals, endpointFor } from './endpoint-access.ts';
import { attemptsOf, deliveriesPage } from './webhook.repository.ts';
import { deliveryToJson } from './webhook-json.ts';
import { deliveryPageAnswer } from './webhook-response-schemas.ts';
import type { WebhookRoutesSetup } from './webhook-routes-setup.ts';
import { DEFAULT_DELIVERY_LIMIT, listDeliveriesQuery } from './webhook-schemas.ts';

/** A cursor names the last delivery of a page by its sort key, (createdAt, id). */
const encodeCursor = (row: { createdAt: Date | string; id: string }) =>
  Buffer.from(`${new Date(row.createdAt).toISOString()} ${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split(' ');
  if (!createdAt || !id || extra !== undefined || Number.isNaN(Date.parse(createdAt)) || !/^[\w-]+$/.test(id))
    throw new AuthError('VALIDATION_ERROR', {
      params: { where: 'query' },
      details: { issues: [{ path: 'query.cursor', message: 'Invalid cursor', kind: 'malformed' }] },
    });
  return { createdAt, id };
}

/** GET /webhooks/list-deliveries (docs/protocol/webhooks.md#46-get-webhookslist-deliveriesendpointidlimitcursor). */
export const listWebhookDeliveries = (setup: WebhookRoutesSetup) =>
  defineEndpoint({
    name: 'listWebhookDeliveries',
    method: 'GET',
    path: '/webhooks/list-deliveries',
    summary: "A webhook endpoint's delivery log",
    description: "Newest first, with each delivery's attempts, paged by `cursor`; kept 30 days.",
    query: listDeliveriesQuery,
    requires: 'sensitive',
    accepts: NOT_BY_API_KEY,
    response: deliveryPageAnswer,
    errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', ...accessRefusals(setup.organizations)],
    noStore: true,
    async handler({ auth, query, session: { user } }) {
      const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const row = await endpointFor(auth, user, query.endpointId, 'read');
      const limit = query.limit ?? DEFAULT_DELIVERY_LIMIT;
      // One row more than asked says whether another page follows without a count.
      const rows = await deliveriesPage(auth.db, row.id, before, limit + 1);
      const page = rows.slice(0, limit);
      const attempts = await attemptsOf(
        auth.db,
        page.map((delivery) => delivery.id),
      );
      const last = page.at(-1);
      return {
        deliveries: page.map((delivery) => deliveryToJson(delivery, attempts)),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },
  });
