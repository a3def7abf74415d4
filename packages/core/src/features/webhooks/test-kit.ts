/**
 * Shared set-up for the webhooks feature's tests: a server with webhooks, organizations and the
 * admin feature on, people signed up over HTTP, and the calls most tests make.
 */
import { expect } from 'vitest';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

export const BODY_INVALID = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' };
export const QUERY_INVALID = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid query parameters' };
export const UNAUTHORIZED = { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };
export const NOT_ALLOWED = {
  status: 403,
  code: 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS',
  message: 'You are not allowed to manage webhooks',
};
export const NOT_MEMBER = {
  status: 403,
  code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
  message: 'User is not a member of the organization',
};
export const ENDPOINT_NOT_FOUND = {
  status: 404,
  code: 'WEBHOOK_ENDPOINT_NOT_FOUND',
  message: 'Webhook endpoint not found',
};
export const DELIVERY_NOT_FOUND = {
  status: 404,
  code: 'WEBHOOK_DELIVERY_NOT_FOUND',
  message: 'Webhook delivery not found',
};
export const ENDPOINT_DISABLED = {
  status: 400,
  code: 'WEBHOOK_ENDPOINT_DISABLED',
  message: 'Webhook endpoint is disabled',
};
export const EVENT_TYPE_UNKNOWN = {
  status: 400,
  code: 'WEBHOOK_EVENT_TYPE_UNKNOWN',
  message: 'Unknown event type',
};
export const LIMIT_REACHED = {
  status: 400,
  code: 'WEBHOOK_ENDPOINT_LIMIT_REACHED',
  message: 'Too many webhook endpoints',
};

let sequence = 0;

export interface Person {
  id: string;
  email: string;
  client: TestClient;
}

export function startWebhookServer(
  dialect: Dialect,
  extra: Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now'>> = {},
): Promise<TestServer> {
  return startTestServer(dialect, {
    webhooks: { allowPrivateUrls: true, retryBaseMs: 100 },
    organization: { enabled: true, dynamicAccessControl: { enabled: true } },
    admin: { enabled: true },
    ...extra,
  });
}

export async function person(server: TestServer, label = 'user'): Promise<Person> {
  sequence += 1;
  const client = server.client();
  const email = `${label}-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { user } = await client.signUp(email, undefined, label);
  return { id: user.id, email, client };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
export async function json(response: Response): Promise<any> {
  return response.json();
}

/** Gives a person the admin role and signs them in again, so no cached session holds the old role. */
export async function makeAdmin(server: TestServer, who: Person): Promise<void> {
  await server.database.db
    .updateTable('user')
    .set({ role: 'admin' } as never)
    .where('id', '=', who.id)
    .execute();
  await who.client.signIn(who.email);
}

export async function createOrg(owner: Person): Promise<{ id: string }> {
  sequence += 1;
  const response = await owner.client.post('/organization/create', {
    name: 'Acme',
    slug: `acme-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
}

export async function addToOrg(server: TestServer, organizationId: string, who: Person, role: string) {
  await server.auth.api.addMember({ body: { userId: who.id, organizationId, role } });
}

export const RECEIVER = 'http://127.0.0.1:9/hook';

/** An event type these tests never cause, so an endpoint made with it receives only test messages. */
export const QUIET_EVENTS = ['user.passkey_registered'];

/** Creates an endpoint over HTTP as `who`; returns the create answer. */
export async function createEndpoint(who: Person, body: Record<string, unknown> = {}) {
  const response = await who.client.post('/webhooks/create-endpoint', {
    url: RECEIVER,
    events: QUIET_EVENTS,
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as {
    endpoint: Record<string, unknown> & { id: string };
    secret: string;
  };
}

/**
 * Every bad body is refused with 400 VALIDATION_ERROR, malformed JSON with 400, a body over the
 * 64 KiB limit with 413, and none of them changes a row.
 */
export async function expectBadBodiesRefused(
  server: TestServer,
  send: (text: string) => Promise<Response>,
  bodies: unknown[],
): Promise<void> {
  const before = await snapshotDatabase(server.database);
  for (const body of bodies)
    expect(await errorOf(await send(JSON.stringify(body))), JSON.stringify(body)).toEqual(BODY_INVALID);
  expect((await send('{"endpointId":')).status).toBe(400);
  expect((await send('[1]')).status).toBe(400);
  expect(await errorOf(await send(JSON.stringify({ endpointId: 'x'.repeat(70_000) })))).toMatchObject({
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  });
  expect(await snapshotDatabase(server.database)).toBe(before);
}
