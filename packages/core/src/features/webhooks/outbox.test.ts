import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { newWebhookId } from './delivery/signature.ts';
import { fanOut } from './fan-out.ts';
import {
  addToOrg,
  createEndpoint,
  createOrg,
  makeAdmin,
  type Person,
  person,
  startWebhookServer,
} from './test-kit.ts';

/** Polls until `check` passes or 5 s have gone (the first attempt's bound, docs/protocol/webhooks.md#7-delivery-retries-ordering). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(testDialects())('the outbox and the fan-out (%s)', (dialect) => {
  let server: TestServer;
  let admin: Person;
  let owner: Person;
  let org: { id: string };
  beforeAll(async () => {
    server = await startWebhookServer(dialect);
    admin = await person(server, 'admin');
    await makeAdmin(server, admin);
    owner = await person(server, 'owner');
    org = await createOrg(owner);
  });
  afterAll(() => server.close());

  const deliveriesOf = (endpointId: string) =>
    server.database.db
      .selectFrom('webhookDelivery')
      .select(['eventType', 'eventId', 'webhookId', 'body', 'status'])
      .where('endpointId', '=', endpointId)
      .orderBy('createdAt')
      .execute();

  it('every recorded event becomes a delivery to each matching endpoint, then leaves the outbox', async () => {
    const everything = await createEndpoint(admin, { events: ['*'] });
    const signUps = await createEndpoint(admin, { events: ['user.signed_up'] });
    const orgs = await createEndpoint(owner, { organizationId: org.id, events: ['organization.*'] });
    const off = await createEndpoint(admin, { events: ['*'] });
    await admin.client.post('/webhooks/update-endpoint', { endpointId: off.endpoint.id, enabled: false });

    const newcomer = await person(server, 'newcomer');
    await addToOrg(server, org.id, newcomer, 'member');
    const signedUp = await eventually(
      () => deliveriesOf(signUps.endpoint.id),
      (rows) => rows.length > 0,
    );
    expect(signedUp.map((row) => row.eventType)).toEqual(['user.signed_up']);
    const [message] = signedUp;
    const body = JSON.parse(String(message?.body));
    expect(body).toMatchObject({
      type: 'user.signed_up',
      timestamp: body.data.occurredAt,
      data: { id: message?.eventId, type: 'user.signed_up', actor: { id: newcomer.id } },
    });
    expect(Object.keys(body.data)).toEqual([
      'id',
      'type',
      'occurredAt',
      'outcome',
      'actor',
      'target',
      'organizationId',
      'sessionId',
      'ip',
      'userAgent',
      'requestId',
      'errorCode',
      'metadata',
    ]);
    const forOrg = await eventually(
      () => deliveriesOf(orgs.endpoint.id),
      (rows) => rows.some((row) => row.eventType === 'organization.member_added'),
    );
    // Only the organization's own events, and of those only the subscribed ones.
    expect(forOrg.every((row) => row.eventType.startsWith('organization.'))).toBe(true);
    expect(forOrg.map((row) => row.eventType)).toContain('organization.member_added');
    const all = await deliveriesOf(everything.endpoint.id);
    expect(all.map((row) => row.eventType)).toEqual(
      expect.arrayContaining(['user.signed_up', 'organization.member_added']),
    );
    // One message per event per endpoint, each with its own webhook-id.
    expect(new Set(all.map((row) => row.webhookId)).size).toBe(all.length);
    // Events while an endpoint is off are never delivered to it (its own creation came before).
    const whileOff = (await deliveriesOf(off.endpoint.id)).map((row) => row.eventType);
    expect(whileOff).not.toContain('user.signed_up');
    expect(whileOff).not.toContain('organization.member_added');
    const waiting = await eventually(
      () => server.database.db.selectFrom('webhookOutbox').selectAll().execute(),
      (rows) => rows.length === 0,
    );
    expect(waiting).toEqual([]);
  });

  it('an event and its outbox row land together: a failed transaction leaves neither', async () => {
    const before = await server.database.db.selectFrom('auditEvent').select('id').execute();
    await expect(
      server.database.db.transaction().execute(async (trx) => {
        await server.context.audit.recordIn(trx, undefined, { type: 'user.signed_in' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await server.database.db.selectFrom('auditEvent').select('id').execute()).toEqual(before);
    await server.context.audit.record(undefined, { type: 'user.signed_in' });
    const recorded = await server.database.db
      .selectFrom('auditEvent')
      .select('id')
      .where('id', 'not in', before.length ? before.map((row) => row.id) : [''])
      .execute();
    expect(recorded).toHaveLength(1);
  });

  // Last in this block: it stops the engine's worker to run the fan-out late, by hand.
  it('a late fan-out never delivers an event older than the endpoint being on (W13)', async () => {
    const endpoint = await createEndpoint(admin, { events: ['user.signed_up'] });
    const endpointId = endpoint.endpoint.id;
    await admin.client.post('/webhooks/update-endpoint', { endpointId, enabled: false });
    await server.context.ports.eventOutbox?.stop();
    const whileOff = await person(server, 'while-off');
    server.clock.advance(1);
    await admin.client.post('/webhooks/update-endpoint', { endpointId, enabled: true });
    const afterOn = await person(server, 'after-on');
    while (await fanOut(server.context, newWebhookId));
    const delivered = await deliveriesOf(endpointId);
    const actors = delivered.map((row) => JSON.parse(String(row.body)).data.actor.id);
    expect(actors).toEqual([afterOn.id]);
    expect(actors).not.toContain(whileOff.id);
  });
});

describe('webhooks off', () => {
  it('writes no outbox row for an event', async () => {
    const server = await startTestServer('sqlite', {});
    try {
      await person(server);
      expect(await server.database.db.selectFrom('auditEvent').select('id').execute()).not.toEqual([]);
      expect(await server.database.db.selectFrom('webhookOutbox').selectAll().execute()).toEqual([]);
      expect(server.context.ports.eventOutbox).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
