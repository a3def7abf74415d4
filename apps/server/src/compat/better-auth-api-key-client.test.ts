/**
 * Better Auth 1.7's official API-key client (`@better-auth/api-key/client`) against a running
 * Gatehouse engine with API keys on: create, get, list, update and delete through the client's own
 * methods, and an `x-api-key` get-session through the core client, as an app's backend would.
 */
import { apiKeyClient } from '@better-auth/api-key/client';
import { type ErrorCode, errorCatalogue } from '@gatehouse/core';
import { startTestServer, type TestServer } from '@gatehouse/core/testing';
import { createAuthClient } from 'better-auth/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFetch } from '../testing/browser-fetch.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('sqlite', { apiKey: {} });
});

afterAll(() => server.close());

function browser() {
  const jar = browserFetch(server.url);
  return createAuthClient({
    baseURL: server.url,
    plugins: [apiKeyClient()],
    fetchOptions: { customFetchImpl: jar.fetch },
  });
}

describe('Better Auth 1.7 official API-key client against a running Gatehouse', () => {
  it('create → get → list → update → delete, and a session from x-api-key', async () => {
    const client = browser();
    const email = `client-api-key-${Date.now()}@example.com`;
    const signUp = await client.signUp.email({ email, password: 'correct horse battery', name: 'Keys' });
    expect(signUp.error).toBeNull();

    const created = await client.apiKey.create({
      name: 'ci',
      prefix: 'ci_',
      expiresIn: 30 * 86_400,
      metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    const key = created.data;
    if (!key) throw new Error('no key');
    expect(key.key).toMatch(/^ci_gth_[A-Za-z0-9]{62}$/);
    expect(key).toMatchObject({ name: 'ci', prefix: 'ci_', start: 'ci_gth', metadata: { plan: 'pro' } });
    // The client revives dates.
    expect(key.createdAt).toBeInstanceOf(Date);
    expect(key.expiresAt).toBeInstanceOf(Date);

    const got = await client.apiKey.get({ query: { id: key.id } });
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ id: key.id, name: 'ci', referenceId: signUp.data?.user.id });
    expect(got.data).not.toHaveProperty('key');

    const listed = await client.apiKey.list();
    expect(listed.error).toBeNull();
    expect(listed.data?.total).toBe(1);
    expect(listed.data?.apiKeys.map((k) => k.id)).toEqual([key.id]);

    const updated = await client.apiKey.update({ keyId: key.id, name: 'deploy', enabled: true });
    expect(updated.error).toBeNull();
    expect(updated.data?.name).toBe('deploy');

    // A backend presenting the key: the session is the owner's, its token the key's id.
    const backend = createAuthClient({ baseURL: server.url });
    const session = await backend.getSession({ fetchOptions: { headers: { 'x-api-key': key.key } } });
    expect(session.error).toBeNull();
    expect(session.data?.user.email).toBe(email);
    expect(session.data?.session.token).toBe(key.id);

    const refused = await client.apiKey.get({ query: { id: 'nope' } });
    expect(refused.error).toMatchObject({ status: 404, code: 'KEY_NOT_FOUND', message: 'API Key not found' });

    const deleted = await client.apiKey.delete({ keyId: key.id });
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual({ success: true });
    expect((await client.apiKey.list()).data?.total).toBe(0);
    const gone = await backend.getSession({ fetchOptions: { headers: { 'x-api-key': key.key } } });
    expect(gone.error).toMatchObject({ status: 401, code: 'INVALID_API_KEY' });
  });

  it("carries Gatehouse's messages in its error table, and its refusals reach the caller", async () => {
    const client = browser();
    const table = apiKeyClient().$ERROR_CODES as unknown as Record<string, { code: string; message: string }>;
    // Every code both know has the same words (the client names the rate limit RATE_LIMIT_EXCEEDED).
    // ORGANIZATION_ID_REQUIRED is the organization feature's code; the key routes answer it with
    // the API-key words (features/api-key/README.md), tested in the engine.
    const shared = Object.keys(table).filter(
      (code) => code in errorCatalogue && code !== 'ORGANIZATION_ID_REQUIRED',
    );
    expect(shared.length).toBeGreaterThan(15);
    for (const code of shared)
      expect(errorCatalogue[code as ErrorCode].message, code).toBe(table[code]?.message);
    expect(table.RATE_LIMIT_EXCEEDED?.message).toBe('Rate limit exceeded.');
    const refused = await client.apiKey.create({ name: 'signed out' });
    expect(refused.error).toMatchObject({ status: 401, code: 'UNAUTHORIZED_SESSION' });
  });
});
