import { CookieJar } from '@gatehouse/core/testing';
import { completeProviderLogin, type SocialServer, startSocialServer } from '@gatehouse/core/testing/oidc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './create-client.ts';
import { GatehouseError } from './errors.ts';

/**
 * The social and account methods of the client against the real engine, with a real OpenID
 * provider (`oidc-provider`) on loopback: what the screens of the web app call.
 */
describe('the client’s social sign-in and account methods', () => {
  let social: SocialServer;
  beforeAll(async () => {
    social = await startSocialServer('sqlite');
  });
  afterAll(() => social.close());

  /** One browser: a cookie jar and the server's own Origin, as a page of the app would send. */
  function browser() {
    const jar = new CookieJar();
    const browserFetch: typeof fetch = async (input, init = {}) => {
      const headers = new Headers(init.headers);
      if (jar.cookies.size > 0) headers.set('cookie', jar.header());
      headers.set('origin', social.server.url);
      const response = await fetch(input, { ...init, headers, redirect: 'manual' });
      jar.store(response);
      return response;
    };
    return { fetch: browserFetch, client: createClient({ baseURL: social.server.url, fetch: browserFetch }) };
  }

  /** Follows the provider's pages as `login`, then the callback; answers where it sends the browser. */
  async function finishAtProvider(device: ReturnType<typeof browser>, url: string, login: string) {
    const callback = await completeProviderLogin(url, login);
    const answer = await device.fetch(callback.toString());
    expect(answer.status).toBe(302);
    return answer.headers.get('location');
  }

  it('signInSocial answers the provider’s URL; after the provider, a new user lands on newUserCallbackURL', async () => {
    const device = browser();
    const answer = await device.client.signInSocial({
      provider: 'oidc',
      callbackURL: '/',
      errorCallbackURL: '/social-error',
      newUserCallbackURL: '/account',
    });
    expect(answer.redirect).toBe(true);
    expect(answer.url.startsWith(`${social.provider.issuer}/`)).toBe(true);
    expect(new URL(answer.url).searchParams.get('redirect_uri')).toBe(
      `${social.server.url}/api/auth/callback/oidc`,
    );

    expect(await finishAtProvider(device, answer.url, 'alice')).toBe('/account');
    const session = await device.client.getSession();
    expect(session?.user.email).toBe('alice@example.test');
  });

  it('a returning person lands on callbackURL', async () => {
    const device = browser();
    const { url } = await device.client.signInSocial({
      provider: 'oidc',
      callbackURL: '/',
      newUserCallbackURL: '/account',
    });
    expect(await finishAtProvider(device, url, 'alice')).toBe('/');
  });

  it('a provider refusal comes back to errorCallbackURL with its code', async () => {
    const device = browser();
    const { url } = await device.client.signInSocial({ provider: 'oidc', errorCallbackURL: '/social-error' });
    const callback = await completeProviderLogin(url, 'alice', { deny: true });
    const answer = await device.fetch(callback.toString());
    expect(answer.headers.get('location')).toMatch(/^\/social-error\?error=access_denied/);
  });

  it('signInSocial rejects an unknown provider with PROVIDER_NOT_FOUND', async () => {
    const error = await browser()
      .client.signInSocial({ provider: 'nope' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatehouseError);
    expect(error).toMatchObject({ status: 404, code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' });
  });

  it('linkSocial needs a session, and links through the provider for a signed-in person', async () => {
    const signedOut = await browser()
      .client.linkSocial({ provider: 'oidc' })
      .catch((e: unknown) => e);
    expect(signedOut).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });

    const device = browser();
    await device.client.signUpEmail({
      name: 'Alice Two',
      email: 'alice2@example.test',
      password: 'correct horse battery',
    });
    const answer = await device.client.linkSocial({
      provider: 'oidc',
      callbackURL: '/account/connections?linked=1',
      errorCallbackURL: '/account/connections',
    });
    expect(answer.redirect).toBe(true);
    // alice's provider email differs from this account's: the link comes back with the reason.
    expect(await finishAtProvider(device, answer.url, 'alice')).toBe(
      '/account/connections?error=email_does_not_match',
    );
  });

  it('listAccounts shows the password account without secrets; the last one cannot be unlinked', async () => {
    const device = browser();
    const { user } = await device.client.signUpEmail({
      name: 'Dora',
      email: 'dora@example.test',
      password: 'correct horse battery',
    });
    const accounts = await device.client.listAccounts();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ providerId: 'credential', userId: user.id, scopes: [] });
    for (const secret of ['password', 'accessToken', 'refreshToken', 'idToken', 'scope'])
      expect(accounts[0]).not.toHaveProperty(secret);

    const [credential] = accounts;
    if (!credential) throw new Error('no account listed');
    const error = await device.client.unlinkAccount({ accountId: credential.id }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'FAILED_TO_UNLINK_LAST_ACCOUNT',
      message: "You can't unlink your last account",
    });
    expect(await device.client.listAccounts()).toHaveLength(1);
  });

  it('links a provider account with the same email, lists it, reads its tokens and profile, unlinks it', async () => {
    social.provider.users.carol = { email: 'carol@example.test', email_verified: true, name: 'Carol' };
    const device = browser();
    await device.client.signUpEmail({
      name: 'Carol',
      email: 'carol@example.test',
      password: 'correct horse battery',
    });
    const { url } = await device.client.linkSocial({
      provider: 'oidc',
      callbackURL: '/account/connections?linked=1',
      errorCallbackURL: '/account/connections',
    });
    expect(await finishAtProvider(device, url, 'carol')).toBe('/account/connections?linked=1');

    const accounts = await device.client.listAccounts();
    expect(accounts.map((account) => account.providerId).sort()).toEqual(['credential', 'oidc']);
    const linked = accounts.find((account) => account.providerId === 'oidc');
    if (!linked) throw new Error('the provider account is not listed');
    expect(linked.accountId).toBe('carol');

    const token = await device.client.getAccessToken({ accountId: linked.id });
    expect(typeof token.accessToken).toBe('string');
    const info = await device.client.accountInfo({ accountId: linked.id });
    expect(info.user.email).toBe('carol@example.test');
    expect(info.account).toMatchObject({ id: linked.id, providerId: 'oidc', accountId: 'carol' });
    const refreshed = await device.client.refreshToken({ accountId: linked.id });
    expect(refreshed).toMatchObject({ providerId: 'oidc', accountId: linked.id });
    expect(refreshed.accessToken).not.toBe(token.accessToken);

    expect(await device.client.unlinkAccount({ accountId: linked.id })).toEqual({ status: true });
    expect((await device.client.listAccounts()).map((account) => account.providerId)).toEqual(['credential']);
    const gone = await device.client.unlinkAccount({ accountId: linked.id }).catch((e: unknown) => e);
    expect(gone).toMatchObject({ status: 400, code: 'FAILED_TO_UNLINK_LAST_ACCOUNT' });
  });

  it('the account routes answer 401 without a session', async () => {
    const client = browser().client;
    expect(await client.listAccounts().catch((e: unknown) => e)).toMatchObject({ status: 401 });
    expect(await client.unlinkAccount({ accountId: 'x' }).catch((e: unknown) => e)).toMatchObject({
      status: 401,
    });
    expect(await client.getAccessToken({ accountId: 'x' }).catch((e: unknown) => e)).toMatchObject({
      status: 401,
    });
  });
});
