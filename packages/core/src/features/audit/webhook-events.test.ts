/**
 * The webhooks feature's events, read back through the organization's and the admins' views:
 * creating, changing, rotating, test-sending, redelivering and deleting an endpoint, each naming
 * the endpoint by id and never its secret (the test server's secrets scan fails the suite otherwise).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { createEndpoint, createOrg, makeAdmin, person, startWebhookServer } from '../webhooks/test-kit.ts';
import { coverageCheck, eventReads } from './test-kit.ts';

describe.each(testDialects())('webhook events (%s)', (dialect) => {
  let server: TestServer;
  const events = eventReads(dialect);
  beforeAll(async () => {
    server = await startWebhookServer(dialect);
  });
  afterAll(() => server.close());

  it("records an organization endpoint's life in the organization's events", async () => {
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    const { endpoint } = await createEndpoint(owner, { organizationId: org.id });
    const expected = { target: { type: 'webhookEndpoint', id: endpoint.id }, organizationId: org.id };
    await owner.client.post('/webhooks/update-endpoint', { endpointId: endpoint.id, description: 'CRM' });
    await owner.client.post('/webhooks/rotate-secret', { endpointId: endpoint.id });
    const sent = await (await owner.client.post('/webhooks/send-test', { endpointId: endpoint.id })).json();
    await owner.client.post('/webhooks/redeliver', { deliveryId: sent.delivery.id });
    await owner.client.post('/webhooks/delete-endpoint', { endpointId: endpoint.id });
    const path = `/organization/events?organizationId=${org.id}`;
    expect(await events.latest(owner.client, path, 'webhook.endpoint_created')).toMatchObject({
      ...expected,
      actor: { id: owner.id },
      metadata: { urlHost: '127.0.0.1:9' },
    });
    expect(await events.latest(owner.client, path, 'webhook.endpoint_updated')).toMatchObject({
      ...expected,
      metadata: { fields: ['description'], enabled: true },
    });
    expect(await events.latest(owner.client, path, 'webhook.secret_rotated')).toMatchObject(expected);
    expect(await events.latest(owner.client, path, 'webhook.test_sent')).toMatchObject(expected);
    expect(await events.latest(owner.client, path, 'webhook.redelivery_requested')).toMatchObject({
      ...expected,
      metadata: { deliveryId: sent.delivery.id },
    });
    expect(await events.latest(owner.client, path, 'webhook.endpoint_deleted')).toMatchObject(expected);
  });

  it("records a server-wide endpoint's in the admins' events, without an organization", async () => {
    const admin = await person(server, 'admin');
    await makeAdmin(server, admin);
    const { endpoint } = await createEndpoint(admin);
    expect(
      await events.latest(admin.client, `/admin/events?targetId=${endpoint.id}`, 'webhook.endpoint_created'),
    ).toMatchObject({
      organizationId: null,
      actor: { id: admin.id },
    });
  });

  it('records failing after three failed attempts and recovered on the next 2xx, by the system', async () => {
    let status = 500;
    const receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(status).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const admin = await person(server, 'admin');
      await makeAdmin(server, admin);
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const { endpoint } = await createEndpoint(admin, { url });
      const path = `/admin/events?targetId=${endpoint.id}`;
      const attemptsMade = () =>
        server.database.db
          .selectFrom('webhookAttempt')
          .innerJoin('webhookDelivery', 'webhookDelivery.id', 'webhookAttempt.deliveryId')
          .select('webhookAttempt.responseStatus')
          .where('webhookDelivery.endpointId', '=', endpoint.id)
          .execute();
      const until = async (count: number) => {
        for (let wait = 0; wait < 200 && (await attemptsMade()).length < count; wait++)
          await new Promise((resolve) => setTimeout(resolve, 25));
      };
      for (let n = 1; n <= 3; n++) {
        await admin.client.post('/webhooks/send-test', { endpointId: endpoint.id });
        await until(n);
      }
      const failing = await events.latest(admin.client, path, 'webhook.endpoint_failing');
      expect(failing).toMatchObject({ actor: { type: 'system', id: null }, target: { id: endpoint.id } });
      const listed = await (await admin.client.get('/webhooks/list-endpoints')).json();
      expect(listed.endpoints.find((e: { id: string }) => e.id === endpoint.id).failing).toBe(true);
      status = 204;
      await admin.client.post('/webhooks/send-test', { endpointId: endpoint.id });
      await until(4);
      expect(await events.latest(admin.client, path, 'webhook.endpoint_recovered')).toMatchObject({
        actor: { type: 'system' },
      });
      expect((await events.all(admin.client, path, 'webhook.endpoint_failing')).length).toBe(1);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

coverageCheck(import.meta.url);
