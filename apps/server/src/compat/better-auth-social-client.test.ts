import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '@gatehouse/core';
import { present } from '@gatehouse/core/testing';
import {
  completeProviderLogin,
  type OidcTestProvider,
  startOidcTestProvider,
} from '@gatehouse/core/testing/oidc';
import { createAuthClient } from 'better-auth/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { browserFetch } from '../testing/browser-fetch.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';

const CLIENT_ID = 'compat-client';
const CLIENT_SECRET = 'compat-client-secret-0123456789abcdefghij';

let server: RunningServer;
let provider: OidcTestProvider;
let baseURL: string;
let dataDir: string;

beforeAll(async () => {
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  provider = await startOidcTestProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [`${baseURL}/api/auth/callback/oidc`],
    users: {
      alice: { email: 'alice@compat.test', email_verified: true, name: 'Alice' },
      dave: { email: 'dave@compat.test', email_verified: true, name: 'Dave' },
    },
  });
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-social-compat-'));
  // The product server exactly as an operator runs it, with the generic OpenID provider configured.
  server = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      RATE_LIMIT: 'off',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_NAME: 'Compat SSO',
    }),
    () => {},
  );
});

afterAll(async () => {
  await server?.close();
  await provider?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One browser: the official client over a cookie jar, plus a way to follow a provider redirect back. */
function browser() {
  const jar = browserFetch(baseURL);
  const client = createAuthClient({ baseURL, fetchOptions: { customFetchImpl: jar.fetch } });
  /** Logs in at the provider's own pages, then lands on the callback like the browser would. */
  const returnFrom = async (authorizationUrl: string, login: string) => {
    const callback = await completeProviderLogin(authorizationUrl, login);
    return jar.fetch(callback.toString(), { redirect: 'manual' });
  };
  return { client, returnFrom, cookies: jar.cookies };
}

describe("Better Auth's official client against Gatehouse: social sign-in and accounts", () => {
  it('signIn.social answers {url, redirect:true}; the provider round trip signs the browser in', async () => {
    const { client, returnFrom } = browser();
    const { data, error } = await client.signIn.social({
      provider: 'oidc',
      callbackURL: '/',
      errorCallbackURL: '/social-error',
      newUserCallbackURL: '/account',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ redirect: true, url: expect.stringContaining(provider.issuer) });
    const landing = await returnFrom((data as { url: string }).url, 'alice');
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/account');
    const session = await client.getSession();
    expect(session.data?.user).toMatchObject({
      email: 'alice@compat.test',
      name: 'Alice',
      emailVerified: true,
    });
  });

  it('signIn.social for an unknown provider surfaces 404 PROVIDER_NOT_FOUND', async () => {
    const { client } = browser();
    const { data, error } = await client.signIn.social({ provider: 'nope' as 'github' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 404, code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' });
  });

  it('linkSocial, listAccounts and unlinkAccount, with the last-account guard', async () => {
    const { client, returnFrom } = browser();
    const signUp = await client.signUp.email({
      email: 'dave@compat.test',
      password: 'correct horse battery',
      name: 'Dave',
    });
    expect(signUp.error).toBeNull();

    const link = await client.linkSocial({ provider: 'oidc', callbackURL: '/account' });
    expect(link.error).toBeNull();
    expect(link.data).toMatchObject({ redirect: true });
    const landing = await returnFrom((link.data as { url: string }).url, 'dave');
    expect(landing.headers.get('location')).toBe('/account');

    const listed = await client.listAccounts();
    expect(listed.error).toBeNull();
    const accounts = present(listed.data);
    expect(accounts.map((a) => a.providerId).sort()).toEqual(['credential', 'oidc']);
    const oidc = present(accounts.find((a) => a.providerId === 'oidc'));
    expect(oidc).toMatchObject({ accountId: 'dave', scopes: ['openid', 'email', 'profile'] });

    const unlinked = await client.unlinkAccount({ accountId: oidc.id });
    expect(unlinked).toMatchObject({ data: { status: true }, error: null });
    const remaining = present((await client.listAccounts()).data);
    expect(remaining.map((a) => a.providerId)).toEqual(['credential']);

    const last = await client.unlinkAccount({ accountId: present(remaining[0]).id });
    expect(last.data).toBeNull();
    expect(last.error).toMatchObject({
      status: 400,
      code: 'FAILED_TO_UNLINK_LAST_ACCOUNT',
      message: "You can't unlink your last account",
    });
  });

  it('listAccounts without a session is 401', async () => {
    const { client } = browser();
    const { data, error } = await client.listAccounts();
    expect(data).toBeNull();
    expect(error?.status).toBe(401);
  });

  it('getAccessToken hands out the plain token while the product stores it encrypted', async () => {
    const { client, returnFrom } = browser();
    const { data } = await client.signIn.social({ provider: 'oidc' });
    await returnFrom((data as { url: string }).url, 'alice');
    const [account] = present((await client.listAccounts()).data);
    // In 1.7 the selector is the account row id from listAccounts.
    const result = await client.getAccessToken({ accountId: present(account).id } as never);
    expect(result.error).toBeNull();
    const { accessToken } = result.data as { accessToken: string };
    const database = connectDatabase(join(dataDir, 'gatehouse.sqlite'));
    try {
      const row = await database.db
        .selectFrom('account')
        .select(['accessToken', 'refreshToken'])
        .where('id', '=', present(account).id)
        .executeTakeFirstOrThrow();
      expect(row.accessToken).not.toBe(accessToken);
      expect(row.accessToken).toMatch(/^[0-9a-f]+$/);
      expect(row.refreshToken).toMatch(/^[0-9a-f]+$/);
    } finally {
      await database.close();
    }
  });
});
