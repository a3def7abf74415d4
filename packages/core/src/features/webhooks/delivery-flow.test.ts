/**
 * End to end: events recorded by the engine reach a loopback receiver that checks every delivery
 * with the reference Standard Webhooks verifier (testing/webhook-receiver.ts), retried, rotated,
 * redelivered and scoped as docs/protocol/webhooks.md#7-delivery-retries-ordering says.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../testing/webhook-receiver.ts';
import {
  addToOrg,
  createEndpoint,
  createOrg,
  json,
  makeAdmin,
  type Person,
  person,
  startWebhookServer,
} from './test-kit.ts';

type Body = {
  type: string;
  timestamp: string;
  data: { id: string; type: string; organizationId: string | null };
};

describe.each(testDialects())('webhook deliveries end to end (%s)', (dialect) => {
  let server: TestServer;
  let admin: Person;
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    server = await startWebhookServer(dialect);
    admin = await person(server, 'admin');
    await makeAdmin(server, admin);
  });
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(() => server.close());

  /** A receiver and an endpoint pointing at it; `secrets` follows rotations. */
  async function receiving(
    who: Person,
    endpoint: Record<string, unknown>,
    respond?: (n: number) => ReceiverAnswer,
  ) {
    const secrets: string[] = [];
    const receiver = await startWebhookReceiver({ secrets: () => secrets, respond });
    receivers.push(receiver);
    const created = await createEndpoint(who, { url: receiver.url, ...endpoint });
    secrets.push(created.secret);
    return { receiver, endpointId: created.endpoint.id, secrets };
  }

  const typesOf = (receiver: WebhookReceiver) => receiver.deliveries.map((d) => (d.body as Body).type);
  const arrived = async (receiver: WebhookReceiver, type: string) => {
    for (let wait = 0; wait < 200 && !typesOf(receiver).includes(type); wait++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const delivery = receiver.deliveries.find((d) => (d.body as Body).type === type);
    expect(delivery, `${type} arrived`).toBeDefined();
    return delivery as NonNullable<typeof delivery>;
  };

  /** The newest delivery of the endpoint once its attempt number `made` (or a later one) is recorded. */
  const attemptRecorded = async (endpointId: string, made = 1) => {
    let delivery: { attempt: number; nextAttemptAt: string } | undefined;
    for (let wait = 0; wait < 200 && (delivery?.attempt ?? 0) < made; wait++) {
      delivery = (await json(await admin.client.get(`/webhooks/list-deliveries?endpointId=${endpointId}`)))
        .deliveries[0];
      if ((delivery?.attempt ?? 0) < made) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return delivery;
  };

  it('sign-up, sign-in, member added and removed, ban: each arrives signed and verified', async () => {
    const { receiver } = await receiving(admin, { events: ['*'] });
    const owner = await person(server, 'owner');
    await owner.client.signIn(owner.email);
    const org = await createOrg(owner);
    const joiner = await person(server, 'joiner');
    await addToOrg(server, org.id, joiner, 'member');
    await owner.client.post('/organization/remove-member', {
      organizationId: org.id,
      memberIdOrEmail: joiner.email,
    });
    await admin.client.post('/admin/ban-user', { userId: joiner.id });
    for (const type of [
      'user.signed_up',
      'user.signed_in',
      'organization.member_added',
      'organization.member_removed',
      'admin.user_banned',
    ]) {
      const delivery = await arrived(receiver, type);
      expect(delivery.verified, delivery.verificationError ?? type).toBe(true);
      expect(delivery.headers['user-agent']).toBe('Gatehouse-Webhooks/1');
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['webhook-id']).toMatch(/^msg_/);
      const body = delivery.body as Body;
      expect(body.timestamp).toBe((body.data as { occurredAt?: string }).occurredAt);
    }
  });

  it("an organization's endpoint gets only that organization's events", async () => {
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    const other = await createOrg(owner);
    const { receiver } = await receiving(owner, {
      organizationId: org.id,
      events: ['organization.*', 'user.*'],
    });
    const joiner = await person(server, 'joiner');
    await addToOrg(server, other.id, joiner, 'member');
    await addToOrg(server, org.id, joiner, 'member');
    await arrived(receiver, 'organization.member_added');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const bodies = receiver.deliveries.map((d) => d.body as Body);
    expect(bodies.every((body) => body.data.organizationId === org.id)).toBe(true);
    expect(bodies.map((body) => body.type)).not.toContain('user.signed_up');
  });

  it('a 500 is retried with the same webhook-id until a 200; a 429 Retry-After sets the next delay', async () => {
    const { receiver, endpointId } = await receiving(admin, {}, (n) =>
      n === 1 ? { status: 500 } : { status: 200 },
    );
    await admin.client.post('/webhooks/send-test', { endpointId });
    await receiver.waitFor(1);
    await attemptRecorded(endpointId);
    // The retry is due after the base delay (100 ms ± 20 %) on the engine's clock.
    server.clock.advance(1);
    const [first, second] = await receiver.waitFor(2);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.rawBody).toBe(first?.rawBody);
    // The receiver has answered; the sender records that answer just after.
    await attemptRecorded(endpointId, 2);
    const page = await json(await admin.client.get(`/webhooks/list-deliveries?endpointId=${endpointId}`));
    expect(page.deliveries[0]).toMatchObject({
      status: 'succeeded',
      attempt: 2,
      responseStatus: 200,
      nextAttemptAt: null,
    });
    expect(page.deliveries[0].attempts.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([
      500, 200,
    ]);

    const limited = await receiving(admin, {}, () => ({ status: 429, headers: { 'retry-after': '120' } }));
    await admin.client.post('/webhooks/send-test', { endpointId: limited.endpointId });
    await limited.receiver.waitFor(1);
    const delivery = await attemptRecorded(limited.endpointId);
    expect(delivery).toMatchObject({ status: 'pending', attempt: 1, responseStatus: 429 });
    expect(Date.parse(String(delivery?.nextAttemptAt)) - server.clock.now()).toBeGreaterThanOrEqual(119_000);
  });

  it('after a rotation every delivery carries two signatures, the new first; redeliver keeps the webhook-id', async () => {
    const { receiver, endpointId, secrets } = await receiving(admin, {});
    const rotated = await json(await admin.client.post('/webhooks/rotate-secret', { endpointId }));
    secrets.splice(0, secrets.length, rotated.secret);
    const sent = await json(await admin.client.post('/webhooks/send-test', { endpointId }));
    const [first] = await receiver.waitFor(1);
    // Verified with the new secret alone: the receiver knows only that one now.
    expect(first?.verified, first?.verificationError ?? '').toBe(true);
    expect(first?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(first?.headers['webhook-signature']?.split(' ').every((entry) => entry.startsWith('v1,'))).toBe(
      true,
    );
    await admin.client.post('/webhooks/redeliver', { deliveryId: sent.delivery.id });
    const [, again] = await receiver.waitFor(2);
    expect(again?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(again?.rawBody).toBe(first?.rawBody);
    // A day later only the new secret signs.
    server.clock.advance(86_401);
    await admin.client.post('/webhooks/send-test', { endpointId });
    const [, , later] = await receiver.waitFor(3);
    expect(later?.headers['webhook-signature']?.split(' ')).toHaveLength(1);
  });

  it('disabled while a retry is pending: the retry is failed, events while off never arrive, enabling delivers new events only', async () => {
    const { receiver, endpointId } = await receiving(admin, { events: ['user.signed_up'] }, (n) =>
      n === 1 ? { status: 503 } : { status: 200 },
    );
    const before = await person(server, 'before');
    await arrived(receiver, 'user.signed_up');
    expect(await attemptRecorded(endpointId)).toMatchObject({ status: 'pending', attempt: 1 });
    const off = await admin.client.post('/webhooks/update-endpoint', { endpointId, enabled: false });
    expect(off.status).toBe(200);
    // Failed by the disable itself, before any tick could find the endpoint off.
    const cancelled = await json(
      await admin.client.get(`/webhooks/list-deliveries?endpointId=${endpointId}`),
    );
    expect(cancelled.deliveries[0]).toMatchObject({ status: 'failed', attempt: 1, nextAttemptAt: null });
    const during = await person(server, 'during');
    // The retry would be due now, and the event while off has had ticks to be fanned out.
    server.clock.advance(60);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.deliveries).toHaveLength(1);
    const on = await admin.client.post('/webhooks/update-endpoint', { endpointId, enabled: true });
    expect(on.status).toBe(200);
    const after = await person(server, 'after');
    await receiver.waitFor(2);
    // Recorded before the clock jumps past the attempt's lease, or the jump itself would make it
    // look abandoned and send it again (at least once, W11).
    expect(await attemptRecorded(endpointId)).toMatchObject({ status: 'succeeded', attempt: 1 });
    server.clock.advance(60);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const emails = receiver.deliveries.map(
      (d) => (d.body as { data: { actor: { email: string } } }).data.actor.email,
    );
    expect(emails).toEqual([before.email, after.email]);
    expect(emails).not.toContain(during.email);
    const page = await json(await admin.client.get(`/webhooks/list-deliveries?endpointId=${endpointId}`));
    expect(page.deliveries.map((d: { status: string; attempt: number }) => [d.status, d.attempt])).toEqual([
      ['succeeded', 1],
      ['failed', 1],
    ]);
  });

  it('an answer that comes after the endpoint was turned off is recorded, and not held against it', async () => {
    const { receiver, endpointId } = await receiving(admin, { events: ['user.signed_up'] }, () => ({
      status: 500,
      // Time enough for the disable to land first, on a loaded machine too.
      afterMs: 2000,
    }));
    await person(server, 'late-answer');
    await receiver.waitFor(1);
    const off = await admin.client.post('/webhooks/update-endpoint', { endpointId, enabled: false });
    expect(off.status).toBe(200);
    expect(await attemptRecorded(endpointId)).toMatchObject({
      status: 'failed',
      attempt: 1,
      responseStatus: 500,
    });
    const health = await server.database.db
      .selectFrom('webhookEndpoint')
      .select(['consecutiveFailures', 'failing'])
      .where('id', '=', endpointId)
      .executeTakeFirstOrThrow();
    expect([Number(health.consecutiveFailures), Boolean(health.failing)]).toEqual([0, false]);
  });
});
