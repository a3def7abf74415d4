import { describe, expect, it } from 'vitest';
import { createClient, type GatehouseClient } from './create-client.ts';
import { endpoints } from './endpoints.ts';
import { GatehouseError } from './errors.ts';
import type { WebhookDelivery, WebhookEndpoint } from './types.ts';

/** An endpoint as the routes answer it (docs/protocol/webhooks.md#2-endpoint-object). */
const ENDPOINT: WebhookEndpoint = {
  id: 'wh-1',
  url: 'https://hooks.example.com/gatehouse',
  events: ['user.*', 'session.revoked'],
  organizationId: null,
  description: 'CRM sync',
  enabled: true,
  failing: false,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

const DELIVERY: WebhookDelivery = {
  id: 'd-1',
  endpointId: 'wh-1',
  eventId: null,
  eventType: 'webhook.test',
  webhookId: 'msg_1',
  attempt: 0,
  status: 'pending',
  responseStatus: null,
  durationMs: null,
  nextAttemptAt: '2026-12-01T10:00:05.000Z',
  createdAt: '2026-12-01T10:00:00.000Z',
  redeliveryOf: null,
  attempts: [],
};

/** A client whose requests are recorded and answered with `answer`. */
function recording(answer: { status: number; body: unknown }) {
  const sent: { method: string; path: string; query: Record<string, string>; body: unknown }[] = [];
  const client = createClient({
    baseURL: 'http://gatehouse.test',
    fetch: async (input, init = {}) => {
      const url = new URL(String(input));
      sent.push({
        method: init.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, sent };
}

describe('the client’s webhook calls', () => {
  const webhookCalls = Object.entries(endpoints).filter(([, spec]) => spec.path.startsWith('/webhooks/'));

  it('are the eight routes with the engine’s methods, twice: server-wide, and organization-scoped', () => {
    const routes = {
      CreateEndpoint: 'POST /webhooks/create-endpoint',
      ListEndpoints: 'GET /webhooks/list-endpoints',
      UpdateEndpoint: 'POST /webhooks/update-endpoint',
      DeleteEndpoint: 'POST /webhooks/delete-endpoint',
      RotateSecret: 'POST /webhooks/rotate-secret',
      ListDeliveries: 'GET /webhooks/list-deliveries',
      Redeliver: 'POST /webhooks/redeliver',
      SendTest: 'POST /webhooks/send-test',
    };
    expect(
      Object.fromEntries(webhookCalls.map(([name, spec]) => [name, `${spec.method} ${spec.path}`])),
    ).toEqual(
      Object.fromEntries(
        Object.entries(routes).flatMap(([name, route]) => [
          [`webhook${name}`, route],
          [`organizationWebhook${name}`, route],
        ]),
      ),
    );
    const scoped = webhookCalls.filter(([, spec]) => spec.organizationScoped).map(([name]) => name);
    expect(scoped.sort()).toEqual(
      webhookCalls
        .map(([name]) => name)
        .filter((name) => name.startsWith('organization'))
        .sort(),
    );
    // The engine refuses none as stale, and none changes the session.
    expect(webhookCalls.filter(([, spec]) => spec.changesSession || spec.sensitive)).toEqual([]);
  });

  it('create sends the fields as JSON and answers the endpoint with its secret, once', async () => {
    const { client, sent } = recording({ status: 200, body: { endpoint: ENDPOINT, secret: 'whsec_abc' } });
    const created = await client.organizationWebhookCreateEndpoint({
      url: ENDPOINT.url,
      events: ['user.*'],
      organizationId: 'org-1',
      description: 'CRM sync',
    });
    expect(created).toEqual({ endpoint: ENDPOINT, secret: 'whsec_abc' });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/auth/webhooks/create-endpoint',
        query: {},
        body: { url: ENDPOINT.url, events: ['user.*'], organizationId: 'org-1', description: 'CRM sync' },
      },
    ]);
  });

  it('lists server-wide endpoints without a query, and an organization’s by its id', async () => {
    const { client, sent } = recording({ status: 200, body: { endpoints: [ENDPOINT] } });
    expect(await client.webhookListEndpoints()).toEqual({ endpoints: [ENDPOINT] });
    await client.organizationWebhookListEndpoints({ organizationId: 'org-1' });
    expect(sent.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'GET', path: '/api/auth/webhooks/list-endpoints', query: {} },
      { method: 'GET', path: '/api/auth/webhooks/list-endpoints', query: { organizationId: 'org-1' } },
    ]);
  });

  it('pages deliveries with the cursor in the query, and names deliveries and endpoints in bodies', async () => {
    const { client, sent } = recording({ status: 200, body: { deliveries: [DELIVERY], nextCursor: 'c2' } });
    const page = await client.webhookListDeliveries({ endpointId: 'wh-1', limit: 20, cursor: 'c1' });
    expect(page.nextCursor).toBe('c2');
    await client.webhookRedeliver({ deliveryId: 'd-1' });
    await client.webhookSendTest({ endpointId: 'wh-1' });
    await client.webhookRotateSecret({ endpointId: 'wh-1' });
    await client.webhookUpdateEndpoint({ endpointId: 'wh-1', enabled: false, description: null });
    await client.webhookDeleteEndpoint({ endpointId: 'wh-1' });
    expect(sent.map(({ method, path, query, body }) => ({ method, path, query, body }))).toEqual([
      {
        method: 'GET',
        path: '/api/auth/webhooks/list-deliveries',
        query: { endpointId: 'wh-1', limit: '20', cursor: 'c1' },
        body: undefined,
      },
      { method: 'POST', path: '/api/auth/webhooks/redeliver', query: {}, body: { deliveryId: 'd-1' } },
      { method: 'POST', path: '/api/auth/webhooks/send-test', query: {}, body: { endpointId: 'wh-1' } },
      { method: 'POST', path: '/api/auth/webhooks/rotate-secret', query: {}, body: { endpointId: 'wh-1' } },
      {
        method: 'POST',
        path: '/api/auth/webhooks/update-endpoint',
        query: {},
        body: { endpointId: 'wh-1', enabled: false, description: null },
      },
      { method: 'POST', path: '/api/auth/webhooks/delete-endpoint', query: {}, body: { endpointId: 'wh-1' } },
    ]);
  });

  it('a refusal arrives as its code', async () => {
    const refused = recording({
      status: 400,
      body: { code: 'WEBHOOK_EVENT_TYPE_UNKNOWN', message: 'Unknown event type' },
    });
    const error = await refused.client
      .webhookCreateEndpoint({ url: ENDPOINT.url, events: ['user'] })
      .catch((e) => e);
    expect(error).toBeInstanceOf(GatehouseError);
    expect(error).toMatchObject({ status: 400, code: 'WEBHOOK_EVENT_TYPE_UNKNOWN' });
  });
});

/**
 * The wrong states the input types refuse. Never run: `npm run typecheck` compiles it, and fails
 * when one of these lines is accepted.
 */
const wrongStates = (client: GatehouseClient) => {
  // @ts-expect-error a server-wide endpoint cannot name an organization
  void client.webhookCreateEndpoint({ url: 'https://x.test', events: ['*'], organizationId: 'org-1' });
  // @ts-expect-error an organization's endpoint names its organization
  void client.organizationWebhookCreateEndpoint({ url: 'https://x.test', events: ['*'] });
  // @ts-expect-error an organization's list names its organization
  void client.organizationWebhookListEndpoints();
  // @ts-expect-error deliveries are of one endpoint
  void client.webhookListDeliveries({ limit: 5 });
};
void wrongStates;
