import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { startServer } from '../../../apps/server/src/start-server.ts';
import { freePort } from '../../../apps/server/src/testing/free-port.ts';
import { GatehouseError, NETWORK_ERROR } from './errors.ts';
import { fetchProductConfig } from './product-config.ts';

const DEFAULTS = {
  signUp: 'open',
  passwordMinLength: 8,
  passkeys: false,
  apiKeys: false,
  webhooks: false,
  magicLink: false,
  emailOtp: false,
  usernames: false,
  multiSession: false,
  accountDeletion: 'immediate',
} as const;

// A real HTTP server on loopback whose answer each test sets: this checks how the client reads
// whatever the product answers (the product's own /api/config is tested in apps/server).
describe('fetchProductConfig', () => {
  let server: Server;
  let url: string;
  let answer: (request: IncomingMessage, response: ServerResponse) => void;
  const requests: { method?: string; path?: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push({ method: request.method, path: request.url });
      answer(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const json = (status: number, body: unknown) => (_: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  it('reads the configured providers from GET /api/config, outside the auth base path', async () => {
    requests.length = 0;
    answer = json(200, {
      socialProviders: [
        { id: 'github', name: 'GitHub' },
        { id: 'oidc', name: 'Company SSO' },
      ],
    });
    const config = await fetchProductConfig({ baseURL: url });
    expect(config).toEqual({
      socialProviders: [
        { id: 'github', name: 'GitHub' },
        { id: 'oidc', name: 'Company SSO' },
      ],
      ...DEFAULTS,
    });
    expect(requests).toEqual([{ method: 'GET', path: '/api/config' }]);
  });

  it('reads the sign-up policy and the password length, and falls back on what it cannot use', async () => {
    answer = json(200, { socialProviders: [], signUp: 'invite-only', passwordMinLength: 10 });
    expect(await fetchProductConfig({ baseURL: url })).toMatchObject({
      signUp: 'invite-only',
      passwordMinLength: 10,
    });
    for (const [signUp, passwordMinLength] of [
      ['sometimes', 0],
      [null, 7.5],
      [3, '12'],
    ]) {
      answer = json(200, { socialProviders: [], signUp, passwordMinLength });
      expect(await fetchProductConfig({ baseURL: url })).toEqual({ socialProviders: [], ...DEFAULTS });
    }
  });

  it('reads whether API keys are on, and takes anything but true for off', async () => {
    answer = json(200, { socialProviders: [], apiKeys: true });
    expect(await fetchProductConfig({ baseURL: url })).toMatchObject({ apiKeys: true });
    for (const apiKeys of ['true', 1, null, undefined]) {
      answer = json(200, { socialProviders: [], apiKeys });
      expect(await fetchProductConfig({ baseURL: url })).toMatchObject({ apiKeys: false });
    }
  });

  it('reads whether usernames and several accounts per browser are on, and takes anything but true for off', async () => {
    answer = json(200, { socialProviders: [], usernames: true, multiSession: true });
    expect(await fetchProductConfig({ baseURL: url })).toMatchObject({ usernames: true, multiSession: true });
    for (const value of ['true', 1, null, undefined, {}]) {
      answer = json(200, { socialProviders: [], usernames: value, multiSession: value });
      expect(await fetchProductConfig({ baseURL: url })).toMatchObject({
        usernames: false,
        multiSession: false,
      });
    }
  });

  it('reads whether webhooks are on, and takes anything but true for off', async () => {
    answer = json(200, { socialProviders: [], webhooks: true });
    expect(await fetchProductConfig({ baseURL: url })).toMatchObject({ webhooks: true });
    for (const webhooks of ['true', 1, null, undefined, {}]) {
      answer = json(200, { socialProviders: [], webhooks });
      expect(await fetchProductConfig({ baseURL: url })).toMatchObject({ webhooks: false });
    }
  });

  it('reads whether passkeys are on, and takes anything but true for off', async () => {
    answer = json(200, { socialProviders: [], passkeys: true });
    expect(await fetchProductConfig({ baseURL: url })).toMatchObject({ passkeys: true });
    for (const passkeys of ['true', 1, null]) {
      answer = json(200, { socialProviders: [], passkeys });
      expect(await fetchProductConfig({ baseURL: url })).toMatchObject({ passkeys: false });
    }
  });

  it('reads how account deletion is confirmed, taking anything unknown for immediate', async () => {
    for (const accountDeletion of ['immediate', 'email', 'off'] as const) {
      answer = json(200, { socialProviders: [], accountDeletion });
      expect(await fetchProductConfig({ baseURL: url })).toMatchObject({ accountDeletion });
    }
    for (const accountDeletion of ['later', true, null]) {
      answer = json(200, { socialProviders: [], accountDeletion });
      expect(await fetchProductConfig({ baseURL: url })).toMatchObject({ accountDeletion: 'immediate' });
    }
  });

  it('answers no providers when none are configured', async () => {
    answer = json(200, { socialProviders: [] });
    expect(await fetchProductConfig({ baseURL: url })).toEqual({ socialProviders: [], ...DEFAULTS });
  });

  it('drops malformed entries and unknown keys, keeping the good ones', async () => {
    answer = json(200, {
      socialProviders: [
        { id: 'google', name: 'Google', secret: 'never shown' },
        { id: '', name: 'Empty id' },
        { id: 7, name: 'Number id' },
        { id: 'noname' },
        'github',
        null,
      ],
    });
    expect(await fetchProductConfig({ baseURL: url })).toEqual({
      socialProviders: [{ id: 'google', name: 'Google' }],
      ...DEFAULTS,
    });
  });

  it('treats a body without a provider list as no providers', async () => {
    answer = json(200, { something: 'else' });
    expect(await fetchProductConfig({ baseURL: url })).toEqual({ socialProviders: [], ...DEFAULTS });
    answer = (_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><p>not json</p>');
    };
    expect(await fetchProductConfig({ baseURL: url })).toEqual({ socialProviders: [], ...DEFAULTS });
  });

  it('rejects with the server’s code and message on an error status', async () => {
    answer = json(503, { code: 'NOT_READY', message: 'Starting up' });
    const error = await fetchProductConfig({ baseURL: url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatehouseError);
    expect(error).toMatchObject({ status: 503, code: 'NOT_READY', message: 'Starting up' });

    answer = (_, response) => {
      response.writeHead(404);
      response.end();
    };
    const bare = await fetchProductConfig({ baseURL: url }).catch((e: unknown) => e);
    expect(bare).toMatchObject({ status: 404, code: 'HTTP_404' });
  });

  it('rejects with NETWORK_ERROR when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await fetchProductConfig({ baseURL: `http://127.0.0.1:${port}` }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it('passes the abort reason through when the caller aborts', async () => {
    answer = () => {}; // never answers
    const controller = new AbortController();
    const pending = fetchProductConfig({ baseURL: url, signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
  });
});

describe('fetchProductConfig against the running product', () => {
  it('reads the providers configured in the environment (and none without), the policies and PASSKEYS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-client-config-'));
    const start = async (env: Record<string, string>) => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      return startServer(
        loadConfig({ PORT: String(port), BASE_URL: base, DATA_DIR: dir, RATE_LIMIT: 'off', ...env }),
        () => {},
      );
    };
    try {
      // The product's defaults: passkeys on (PASSKEYS), API keys on (API_KEYS).
      const ON = { ...DEFAULTS, passkeys: true, apiKeys: true };
      const bare = await start({});
      expect(await fetchProductConfig({ baseURL: bare.url })).toEqual({ socialProviders: [], ...ON });
      await bare.close();

      const configured = await start({
        GITHUB_CLIENT_ID: 'gh-id',
        GITHUB_CLIENT_SECRET: 'gh-secret',
        OIDC_ISSUER: 'http://127.0.0.1:9/unreachable',
        OIDC_CLIENT_ID: 'o-id',
        OIDC_CLIENT_SECRET: 'o-secret',
        OIDC_NAME: 'Acme SSO',
      });
      expect(await fetchProductConfig({ baseURL: configured.url })).toEqual({
        socialProviders: [
          { id: 'github', name: 'GitHub' },
          { id: 'oidc', name: 'Acme SSO' },
        ],
        ...ON,
      });
      await configured.close();

      const strict = await start({
        SIGN_UP: 'closed',
        PASSWORD_MIN_LENGTH: '12',
        PASSKEYS: 'off',
        API_KEYS: 'off',
        ACCOUNT_DELETION: 'email',
      });
      expect(await fetchProductConfig({ baseURL: strict.url })).toEqual({
        socialProviders: [],
        signUp: 'closed',
        passwordMinLength: 12,
        passkeys: false,
        apiKeys: false,
        webhooks: false,
        magicLink: false,
        emailOtp: false,
        usernames: false,
        multiSession: false,
        accountDeletion: 'email',
      });
      await strict.close();

      // Webhooks are off by default (WEBHOOKS), so the product says true only when turned on.
      const hooked = await start({ WEBHOOKS: 'on' });
      expect(await fetchProductConfig({ baseURL: hooked.url })).toEqual({
        socialProviders: [],
        ...ON,
        webhooks: true,
      });
      await hooked.close();

      // Usernames and several accounts per browser are off by default too (USERNAME, MULTI_SESSION).
      const named = await start({ USERNAME: 'on', MULTI_SESSION: 'on' });
      expect(await fetchProductConfig({ baseURL: named.url })).toEqual({
        socialProviders: [],
        ...ON,
        usernames: true,
        multiSession: true,
      });
      await named.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
