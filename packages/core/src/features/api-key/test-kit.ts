/**
 * Shared set-up for the API-key feature's tests: a server with keys, organizations and the admin
 * feature on, people signed up over HTTP, and the calls most tests make.
 */
import { expect } from 'vitest';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

export const BODY_INVALID = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' };
export const QUERY_INVALID = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid query parameters' };
export const KEY_NOT_FOUND = { status: 404, code: 'KEY_NOT_FOUND', message: 'API Key not found' };
export const INVALID_KEY = { status: 401, code: 'INVALID_API_KEY', message: 'Invalid API key.' };
export const UNAUTHORIZED = { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };

let sequence = 0;

export interface Person {
  id: string;
  email: string;
  client: TestClient;
}

export function startKeyServer(
  dialect: Dialect,
  extra: Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now'>> = {},
): Promise<TestServer> {
  return startTestServer(dialect, {
    apiKey: {},
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

/** Creates a key over HTTP as `who`; returns the create answer. */
export async function createKey(who: Person, body: Record<string, unknown> = {}) {
  const response = await who.client.post('/api-key/create', body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Record<string, unknown> & { id: string; key: string };
}

/**
 * A request carrying only the key, as a server-to-server client sends it; `raw` sends the body text
 * as it is (malformed input).
 */
export function withKey(
  server: TestServer,
  method: 'GET' | 'POST',
  path: string,
  key: string,
  body?: unknown,
  raw?: string,
) {
  const text = raw ?? (body === undefined ? undefined : JSON.stringify(body));
  return fetch(`${server.url}${server.auth.options.basePath}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(text === undefined ? {} : { 'content-type': 'application/json' }) },
    body: text,
  });
}

/**
 * Gives a person the admin role, as the admin console would (the admin feature must be on), and
 * signs them in again so no cookie-cached session still holds the old role.
 */
export async function makeAdmin(server: TestServer, who: Person): Promise<void> {
  await server.database.db
    .updateTable('user')
    .set({ role: 'admin' } as never)
    .where('id', '=', who.id)
    .execute();
  await who.client.signIn(who.email);
}

/**
 * Every bad body is refused with 400 VALIDATION_ERROR, malformed JSON with 400, a body over the
 * 64 KiB limit with 413, and none of them changes a row. `send` posts raw JSON text.
 */
export async function expectBadBodiesRefused(
  server: TestServer,
  send: (text: string) => Promise<Response>,
  bodies: unknown[],
): Promise<void> {
  const before = await snapshotDatabase(server.database);
  for (const body of bodies)
    expect(await errorOf(await send(JSON.stringify(body))), JSON.stringify(body)).toEqual(BODY_INVALID);
  expect((await send('{"keyId":')).status).toBe(400);
  expect((await send('[1]')).status).toBe(400);
  expect(await errorOf(await send(JSON.stringify({ keyId: 'x'.repeat(70_000) })))).toMatchObject({
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  });
  expect(await snapshotDatabase(server.database)).toBe(before);
}

/** The stored row, as the database holds it. */
export async function storedRow(server: TestServer, id: string) {
  return server.database.db.selectFrom('apikey').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createOrg(owner: Person) {
  sequence += 1;
  const response = await owner.client.post('/organization/create', {
    name: 'Acme',
    slug: `acme-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
}

/** Adds a member with a role, as the app's server code would. */
export async function addToOrg(server: TestServer, organizationId: string, who: Person, role: string) {
  await server.auth.api.addMember({ body: { userId: who.id, organizationId, role } });
}
