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
    passkey: {},
    apiKey: {},
    webhooks: {},
    magicLink: {},
    emailOtp: {},
    mailer: { send: async () => {} },
    username: {},
    multiSession: {},
    organization: { enabled: true, teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
    logError: () => {},
  });
}

/** Whether the engine's route table (`auth.routes`, the routes served over HTTP) has the route. */
const hasRoute = (auth: Auth, method: string, path: string): boolean =>
  auth.routes.some((route) => route.method === method && route.path === path);

describe('the client endpoint table against the engine', () => {
  let database: AuthDatabase;
  let auth: Auth;
  beforeAll(async () => {
    database = connectDatabase(':memory:');
    auth = await engineWithEveryFeature(database);
  });
  afterAll(async () => {
    await auth.audit.stopRetention();
    await database.close();
  });

  it('tells a missing route, a wrong method and a server-only endpoint from a route', () => {
    expect(hasRoute(auth, 'POST', '/no-such-route')).toBe(false);
    expect(hasRoute(auth, 'GET', '/sign-out')).toBe(false);
    expect(hasRoute(auth, 'POST', '/organization/add-member')).toBe(false);
    expect(hasRoute(auth, 'POST', '/sign-out')).toBe(true);
  });

  it.each(Object.entries(endpoints))('%s is a route of the engine', (_name, { method, path }) => {
    expect(hasRoute(auth, method, path), `${method} ${path}`).toBe(true);
  });

  /** The calls whose route the engine's OpenAPI document says may answer `code`. */
  async function callsDocumenting(code: string): Promise<string[]> {
    const response = await auth.handler(new Request(`${BASE_URL}/api/auth/openapi.json`));
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { responses: unknown }>>;
    };
    return Object.entries(endpoints)
      .filter(([, { method, path }]) => {
        const operation = document.paths[path]?.[method.toLowerCase()];
        return operation !== undefined && JSON.stringify(operation.responses).includes(`"${code}"`);
      })
      .map(([name]) => name);
  }

  it('declares sensitive every call the engine may refuse as SESSION_NOT_FRESH', async () => {
    const refusable = await callsDocumenting('SESSION_NOT_FRESH');
    expect(refusable).toContain('unlinkAccount');
    const undeclared = refusable.filter(
      (name) => !endpoints[name as keyof typeof endpoints].sensitive?.includes('SESSION_NOT_FRESH'),
    );
    expect(undeclared).toEqual([]);
  });

  it('declares organization-scoped every call the organization two-factor policy may refuse', async () => {
    const refusable = await callsDocumenting('TWO_FACTOR_REQUIRED_BY_ORGANIZATION');
    expect(refusable).toContain('organizationListMembers');
    const undeclared = refusable.filter(
      (name) => !endpoints[name as keyof typeof endpoints].organizationScoped && !PERSONAL_TWINS.has(name),
    );
    expect(undeclared).toEqual([]);
  });

  it('has an organization-scoped call on the same route for each personal twin', () => {
    for (const name of PERSONAL_TWINS) {
      const { method, path } = endpoints[name as keyof typeof endpoints];
      const twins = Object.values(endpoints).filter(
        (each) => each.method === method && each.path === path && each.organizationScoped,
      );
      expect(twins, name).toHaveLength(1);
    }
  });
});

/**
 * Personal API-key calls and server-wide webhook calls: their routes serve organizations too (so
 * the policy may refuse them there), but these calls cannot name an organization, so it never
 * refuses them; their organization twins on the same routes are declared organization-scoped.
 */
const PERSONAL_TWINS = new Set([
  'apiKeyCreate',
  'apiKeyGet',
  'apiKeyList',
  'apiKeyUpdate',
  'apiKeyDelete',
  'apiKeyRotate',
  'webhookCreateEndpoint',
  'webhookListEndpoints',
  'webhookUpdateEndpoint',
  'webhookDeleteEndpoint',
  'webhookRotateSecret',
  'webhookListDeliveries',
  'webhookRedeliver',
  'webhookSendTest',
]);
