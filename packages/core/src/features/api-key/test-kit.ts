/**
 * Shared set-up for the API-key feature's tests: a server with keys, organizations and the admin
 * feature on, people signed up over HTTP, and the calls most tests make.
 */
import { expect } from 'vitest';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import { type Person, expectBadBodiesRefused as refusesBadBodies } from '../../testing/people.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

export {
  addToOrg,
  BODY_INVALID,
  createOrg,
  json,
  makeAdmin,
  type Person,
  person,
  QUERY_INVALID,
  UNAUTHORIZED,
} from '../../testing/people.ts';

export const KEY_NOT_FOUND = { status: 404, code: 'KEY_NOT_FOUND', message: 'API Key not found' };
export const INVALID_KEY = { status: 401, code: 'INVALID_API_KEY', message: 'Invalid API key.' };

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

/** Bad bodies change nothing (the oversized one in `keyId`). */
export const expectBadBodiesRefused = (
  server: TestServer,
  send: (text: string) => Promise<Response>,
  bodies: unknown[],
) => refusesBadBodies(server, send, bodies, 'keyId');

/** The stored row, as the database holds it. */
export async function storedRow(server: TestServer, id: string) {
  return server.database.db.selectFrom('apikey').selectAll().where('id', '=', id).executeTakeFirst();
}
