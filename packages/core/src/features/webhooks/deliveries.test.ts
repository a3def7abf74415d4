import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import {
  addToOrg,
  BODY_INVALID,
  createEndpoint,
  createOrg,
  DELIVERY_NOT_FOUND,
  ENDPOINT_DISABLED,
  expectBadBodiesRefused,
  json,
  makeAdmin,
  NOT_ALLOWED,
  type Person,
  person,
  QUERY_INVALID,
  startWebhookServer,
} from './test-kit.ts';

describe.each(testDialects())('webhook deliveries (%s)', (dialect) => {
  let server: TestServer;
  let admin: Person;
  let owner: Person;
  let member: Person;
  let org: { id: string };
  beforeAll(async () => {
    server = await startWebhookServer(dialect);
    admin = await person(server, 'admin');
    await makeAdmin(server, admin);
    owner = await person(server, 'owner');
    member = await person(server, 'member');
    org = await createOrg(owner);
    await addToOrg(server, org.id, member, 'member');
  });
  afterAll(() => server.close());

  const sendTest = async (who: Person, endpointId: string) => {
    const response = await who.client.post('/webhooks/send-test', { endpointId });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()).delivery as Record<string, unknown> & { id: string; webhookId: string };
  };

  it('send-test: a pending webhook.test delivery, whatever the events; its body is shaped like an event', async () => {
    const { endpoint } = await createEndpoint(owner, { organizationId: org.id, events: ['user.signed_up'] });
    const delivery = await sendTest(owner, endpoint.id);
    expect(delivery).toEqual({
      id: expect.any(String),
      endpointId: endpoint.id,
      eventId: null,
      eventType: 'webhook.test',
      webhookId: expect.stringMatching(/^msg_/),
      attempt: 0,
      status: 'pending',
      responseStatus: null,
      durationMs: null,
      nextAttemptAt: expect.stringMatching(/Z$/),
      createdAt: expect.stringMatching(/Z$/),
      redeliveryOf: null,
      attempts: [],
    });
    const row = await server.database.db
      .selectFrom('webhookDelivery')
      .selectAll()
      .where('id', '=', delivery.id)
      .executeTakeFirstOrThrow();
    const body = JSON.parse(row.body);
    expect(body).toEqual({
      type: 'webhook.test',
      timestamp: body.data.occurredAt,
      data: expect.objectContaining({
        type: 'webhook.test',
        outcome: 'success',
        actor: expect.objectContaining({ type: 'user', id: owner.id, email: owner.email }),
        target: { type: 'webhookEndpoint', id: endpoint.id },
        organizationId: org.id,
        metadata: {},
      }),
    });
    const events = await server.database.db
      .selectFrom('auditEvent')
      .select('type')
      .where('targetId', '=', endpoint.id)
      .where('type', '=', 'webhook.test_sent')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('list-deliveries: newest first, paged by cursor, limit 1–200', async () => {
    const { endpoint } = await createEndpoint(admin);
    const sent = [];
    for (let n = 0; n < 5; n++) {
      sent.push(await sendTest(admin, endpoint.id));
      server.clock.advance(1);
    }
    const newestFirst = sent.map((d) => d.id).reverse();
    const first = await json(
      await admin.client.get(`/webhooks/list-deliveries?endpointId=${endpoint.id}&limit=2`),
    );
    expect(first.deliveries.map((d: { id: string }) => d.id)).toEqual(newestFirst.slice(0, 2));
    const second = await json(
      await admin.client.get(
        `/webhooks/list-deliveries?endpointId=${endpoint.id}&limit=2&cursor=${first.nextCursor}`,
      ),
    );
    expect(second.deliveries.map((d: { id: string }) => d.id)).toEqual(newestFirst.slice(2, 4));
    const third = await json(
      await admin.client.get(
        `/webhooks/list-deliveries?endpointId=${endpoint.id}&limit=2&cursor=${second.nextCursor}`,
      ),
    );
    expect(third).toMatchObject({ nextCursor: null });
    expect(third.deliveries.map((d: { id: string }) => d.id)).toEqual(newestFirst.slice(4));
    const all = await json(await admin.client.get(`/webhooks/list-deliveries?endpointId=${endpoint.id}`));
    expect(all.deliveries).toHaveLength(5);
    for (const query of ['limit=0', 'limit=201', 'limit=x', 'cursor=bad', 'other=1'])
      expect(
        await errorOf(await admin.client.get(`/webhooks/list-deliveries?${query}&endpointId=${endpoint.id}`)),
        query,
      ).toEqual(QUERY_INVALID);
    expect(await errorOf(await admin.client.get('/webhooks/list-deliveries'))).toEqual(QUERY_INVALID);
  });

  it('redeliver: a new delivery of the same message, pointing at the original', async () => {
    const { endpoint } = await createEndpoint(owner, { organizationId: org.id });
    const original = await sendTest(owner, endpoint.id);
    const response = await owner.client.post('/webhooks/redeliver', { deliveryId: original.id });
    expect(response.status).toBe(200);
    const { delivery } = await json(response);
    expect(delivery).toMatchObject({
      endpointId: endpoint.id,
      eventId: null,
      eventType: 'webhook.test',
      webhookId: original.webhookId,
      attempt: 0,
      status: 'pending',
      redeliveryOf: original.id,
    });
    expect(delivery.id).not.toBe(original.id);
    const bodies = await server.database.db
      .selectFrom('webhookDelivery')
      .select('body')
      .where('id', 'in', [original.id, delivery.id])
      .execute();
    expect(new Set(bodies.map((row) => row.body)).size).toBe(1);
    const event = await server.database.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('type', '=', 'webhook.redelivery_requested')
      .where('targetId', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(event.metadata))).toEqual({ deliveryId: original.id });
  });

  it('redeliver and send-test refuse a disabled endpoint; redeliver hides invisible deliveries', async () => {
    const { endpoint } = await createEndpoint(owner, { organizationId: org.id });
    const original = await sendTest(owner, endpoint.id);
    const serverWide = await createEndpoint(admin);
    const adminsDelivery = await sendTest(admin, serverWide.endpoint.id);
    await owner.client.post('/webhooks/update-endpoint', { endpointId: endpoint.id, enabled: false });
    const before = await snapshotDatabase(server.database);
    expect(
      await errorOf(await owner.client.post('/webhooks/redeliver', { deliveryId: original.id })),
    ).toEqual(ENDPOINT_DISABLED);
    expect(
      await errorOf(await owner.client.post('/webhooks/send-test', { endpointId: endpoint.id })),
    ).toEqual(ENDPOINT_DISABLED);
    expect(await errorOf(await owner.client.post('/webhooks/redeliver', { deliveryId: 'nope' }))).toEqual(
      DELIVERY_NOT_FOUND,
    );
    expect(
      await errorOf(await owner.client.post('/webhooks/redeliver', { deliveryId: adminsDelivery.id })),
    ).toEqual(DELIVERY_NOT_FOUND);
    expect(
      await errorOf(await admin.client.post('/webhooks/redeliver', { deliveryId: original.id })),
    ).toEqual(DELIVERY_NOT_FOUND);
    expect(
      await errorOf(await member.client.post('/webhooks/redeliver', { deliveryId: original.id })),
    ).toEqual(NOT_ALLOWED);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('bad bodies change nothing', async () => {
    for (const path of [
      '/webhooks/redeliver',
      '/webhooks/send-test',
      '/webhooks/rotate-secret',
      '/webhooks/delete-endpoint',
    ])
      await expectBadBodiesRefused(
        server,
        (raw) => admin.client.post(path, undefined, { raw, headers: { 'content-type': 'application/json' } }),
        [
          {},
          { deliveryId: 5, endpointId: 5 },
          { endpointId: '', deliveryId: '' },
          { endpointId: 'a\u0000', deliveryId: 'a\u0000' },
        ],
      );
    expect(
      await errorOf(await admin.client.post('/webhooks/send-test', { endpointId: 'x', extra: 1 })),
    ).toEqual(BODY_INVALID);
  });
});
