import { apiKeyClient } from '@better-auth/api-key/client';
import { describe, expect, it } from 'vitest';
import { createClient, type GatehouseClient } from './create-client.ts';
import { endpoints } from './endpoints.ts';
import { GatehouseError } from './errors.ts';
import type { ApiKey } from './types.ts';

/** A key object as the routes answer it (docs/protocol/api-key-client.md#the-key-object). */
const KEY: ApiKey = {
  configId: 'default',
  name: 'ci',
  start: 'ci_Xzq',
  referenceId: 'user-1',
  prefix: 'ci_',
  refillInterval: null,
  refillAmount: null,
  lastRefillAt: null,
  enabled: true,
  rateLimitEnabled: true,
  rateLimitTimeWindow: 86_400_000,
  rateLimitMax: 10,
  requestCount: 0,
  remaining: null,
  lastRequest: null,
  expiresAt: '2026-12-03T19:00:42.478Z',
  createdAt: '2026-12-01T19:00:42.478Z',
  updatedAt: '2026-12-01T19:00:42.478Z',
  permissions: null,
  metadata: { plan: 'pro' },
  id: 'key-1',
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

describe('the client’s API-key calls', () => {
  const apiKeyCalls = Object.entries(endpoints).filter(([, spec]) => spec.path.startsWith('/api-key/'));

  it('are the six key routes, twice: personal, and organization-scoped; and introspect for services', () => {
    expect(
      Object.fromEntries(apiKeyCalls.map(([name, spec]) => [name, `${spec.method} ${spec.path}`])),
    ).toEqual({
      apiKeyCreate: 'POST /api-key/create',
      apiKeyGet: 'GET /api-key/get',
      apiKeyList: 'GET /api-key/list',
      apiKeyUpdate: 'POST /api-key/update',
      apiKeyDelete: 'POST /api-key/delete',
      apiKeyRotate: 'POST /api-key/rotate',
      apiKeyIntrospect: 'POST /api-key/introspect',
      organizationApiKeyCreate: 'POST /api-key/create',
      organizationApiKeyGet: 'GET /api-key/get',
      organizationApiKeyList: 'GET /api-key/list',
      organizationApiKeyUpdate: 'POST /api-key/update',
      organizationApiKeyDelete: 'POST /api-key/delete',
      organizationApiKeyRotate: 'POST /api-key/rotate',
    });
    const scoped = apiKeyCalls.filter(([, spec]) => spec.organizationScoped).map(([name]) => name);
    expect(scoped.sort()).toEqual(
      apiKeyCalls
        .map(([name]) => name)
        .filter((name) => name.startsWith('org'))
        .sort(),
    );
    // Nothing here makes or changes a session, and none is refused as stale.
    expect(apiKeyCalls.filter(([, spec]) => spec.changesSession || spec.sensitive)).toEqual([]);
  });

  it('use the methods Better Auth’s own apiKeyClient uses for the same paths', () => {
    // apiKeyClient lists the POST paths; every other path of the plugin is a GET, except update,
    // which Better Auth's client sends as POST because its body is not empty. Rotate and introspect
    // are Gatehouse's own (docs/protocol/api-key.md K12, K13): both change state, so POST.
    const posts = new Set([
      ...Object.keys(apiKeyClient().pathMethods),
      '/api-key/update',
      '/api-key/rotate',
      '/api-key/introspect',
    ]);
    for (const [name, spec] of apiKeyCalls) {
      expect(spec.method, name).toBe(posts.has(spec.path) ? 'POST' : 'GET');
    }
  });

  it('create sends the fields as JSON and answers the key once, with the object', async () => {
    const { client, sent } = recording({ status: 200, body: { ...KEY, key: 'ci_secret' } });
    const created = await client.apiKeyCreate({ name: 'ci', expiresIn: 30 * 86_400, prefix: 'ci_' });
    expect(created.key).toBe('ci_secret');
    expect(created.id).toBe('key-1');
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/auth/api-key/create',
        query: {},
        body: { name: 'ci', expiresIn: 2_592_000, prefix: 'ci_' },
      },
    ]);
  });

  it('an organization’s calls name the organization configuration', async () => {
    const { client, sent } = recording({ status: 200, body: { apiKeys: [KEY], total: 1 } });
    const list = await client.organizationApiKeyList({
      configId: 'organization',
      organizationId: 'org-1',
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
    expect(list).toEqual({ apiKeys: [KEY], total: 1 });
    await client.organizationApiKeyCreate({
      configId: 'organization',
      organizationId: 'org-1',
      name: 'deploy',
    });
    await client.organizationApiKeyDelete({ configId: 'organization', keyId: 'key-1' });
    await client.organizationApiKeyGet({ configId: 'organization', id: 'key-1' });
    expect(sent).toEqual([
      {
        method: 'GET',
        path: '/api/auth/api-key/list',
        query: {
          configId: 'organization',
          organizationId: 'org-1',
          sortBy: 'createdAt',
          sortDirection: 'desc',
        },
        body: undefined,
      },
      {
        method: 'POST',
        path: '/api/auth/api-key/create',
        query: {},
        body: { configId: 'organization', organizationId: 'org-1', name: 'deploy' },
      },
      {
        method: 'POST',
        path: '/api/auth/api-key/delete',
        query: {},
        body: { configId: 'organization', keyId: 'key-1' },
      },
      {
        method: 'GET',
        path: '/api/auth/api-key/get',
        query: { configId: 'organization', id: 'key-1' },
        body: undefined,
      },
    ]);
  });

  it('rotate answers the new key; introspect sends the presented key and answers the verdict', async () => {
    const rotated = recording({ status: 200, body: { ...KEY, key: 'ci_new' } });
    expect((await rotated.client.apiKeyRotate({ keyId: 'key-1' })).key).toBe('ci_new');
    await rotated.client.organizationApiKeyRotate({ configId: 'organization', keyId: 'key-2' });
    expect(rotated.sent.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/api/auth/api-key/rotate', body: { keyId: 'key-1' } },
      { path: '/api/auth/api-key/rotate', body: { configId: 'organization', keyId: 'key-2' } },
    ]);
    const owner = { userId: 'user-1', organizationId: null };
    const checked = recording({ status: 200, body: { valid: true, error: null, key: KEY, owner } });
    const verdict = await checked.client.apiKeyIntrospect({
      key: 'ci_presented',
      permissions: { files: ['read'] },
    });
    expect(verdict.valid && verdict.owner).toEqual(owner);
    expect(checked.sent).toEqual([
      {
        method: 'POST',
        path: '/api/auth/api-key/introspect',
        query: {},
        body: { key: 'ci_presented', permissions: { files: ['read'] } },
      },
    ]);
  });

  it('a personal list without paging sends no query; a refusal arrives as its code', async () => {
    const ok = recording({ status: 200, body: { apiKeys: [], total: 0 } });
    expect(await ok.client.apiKeyList()).toEqual({ apiKeys: [], total: 0 });
    expect(ok.sent[0]?.path).toBe('/api/auth/api-key/list');
    expect(ok.sent[0]?.query).toEqual({});

    const refused = recording({
      status: 400,
      body: {
        code: 'EXPIRES_IN_IS_TOO_LARGE',
        message: 'The expiresIn is larger than the predefined maximum value.',
      },
    });
    const error = await refused.client.apiKeyCreate({ name: 'x', expiresIn: 400 * 86_400 }).catch((e) => e);
    expect(error).toBeInstanceOf(GatehouseError);
    expect(error).toMatchObject({ status: 400, code: 'EXPIRES_IN_IS_TOO_LARGE' });
  });
});

/**
 * The wrong states the input types refuse. Never run: `npm run typecheck` compiles it, and fails
 * when one of these lines is accepted.
 */
const wrongStates = (client: GatehouseClient) => {
  // @ts-expect-error an organization key is created with configId "organization"
  void client.organizationApiKeyCreate({ organizationId: 'org-1', name: 'x' });
  // @ts-expect-error and names its organization
  void client.organizationApiKeyCreate({ configId: 'organization', name: 'x' });
  // @ts-expect-error a personal call cannot name the organization configuration
  void client.apiKeyDelete({ keyId: 'k', configId: 'organization' });
  // @ts-expect-error quotas are the server's own
  void client.apiKeyCreate({ name: 'x', remaining: 5 });
  // @ts-expect-error sortBy is a field of the key object, which has no `key`
  void client.apiKeyList({ sortBy: 'key' });
};
void wrongStates;
