import { type Auth, type AuthDatabase, connectDatabase, createAuth, migrateDatabase } from '@gatehouse/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.ts';

const BASE_URL = 'http://localhost:3000';

/** Every feature on, so every route the engine can serve is mounted. */
async function engineWithEveryFeature(database: AuthDatabase): Promise<Auth> {
  await migrateDatabase(database);
  return createAuth({
    secret: 'endpoint-table-test-secret-of-at-least-32-characters',
    baseURL: BASE_URL,
    database,
    rateLimit: { enabled: false },
    user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
    admin: { enabled: true },
    jwt: { enabled: true },
    twoFactor: { enabled: true },
    organization: { enabled: true, teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
    logError: () => {},
  });
}

/**
 * The engine keeps its route table to itself, so each route is asked for over its handler: a
 * path and method it has no route for get a bare 404, with no body and no content type
 * (contract §1.2). Any other answer, a refusal included, comes from a route.
 */
async function hasRoute(auth: Auth, method: string, path: string): Promise<boolean> {
  const response = await auth.handler(
    new Request(`${BASE_URL}${auth.options.basePath}${path}`, {
      method,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
    }),
  );
  const body = await response.text();
  return !(response.status === 404 && body === '' && !response.headers.has('content-type'));
}

describe('the client endpoint table against the engine', () => {
  let database: AuthDatabase;
  let auth: Auth;
  beforeAll(async () => {
    database = connectDatabase(':memory:');
    auth = await engineWithEveryFeature(database);
  });
  afterAll(() => database.close());

  it('tells a missing route or a wrong method from a route that refuses', async () => {
    expect(await hasRoute(auth, 'POST', '/no-such-route')).toBe(false);
    expect(await hasRoute(auth, 'GET', '/sign-out')).toBe(false);
    expect(await hasRoute(auth, 'POST', '/sign-out')).toBe(true);
  });

  it.each(Object.entries(endpoints))('%s is a route of the engine', async (_name, { method, path }) => {
    expect(await hasRoute(auth, method, path), `${method} ${path}`).toBe(true);
  });
});
