/**
 * Shared set-up for the API-key feature's tests: a server with keys, organizations and the admin
 * feature on, people signed up over HTTP, and the calls most tests make.
 */
import { expect } from 'vitest';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

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

/** A request carrying only the key, as a server-to-server client sends it. */
export function withKey(
  server: TestServer,
  method: 'GET' | 'POST',
  path: string,
  key: string,
  body?: unknown,
) {
  return fetch(`${server.url}${server.auth.options.basePath}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
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
