import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProviderLogin } from '../../testing/oidc-test-provider.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient } from '../../testing/test-server.ts';
import {
  callbackPath,
  locationOf,
  type SocialServer,
  socialSignIn,
  startSocialServer,
} from './social-test-kit.ts';

describe.each(testDialects())('social sign-in with a real OpenID provider (%s)', (dialect) => {
  let social: SocialServer;
  beforeAll(async () => {
    social = await startSocialServer(dialect, { account: { encryptOAuthTokens: true } });
  });
  afterAll(() => social.close());

  const accountsOf = (userId: string) =>
    social.server.database.db.selectFrom('account').selectAll().where('userId', '=', userId).execute();
  const session = async (client: TestClient) => (await client.get('/get-session')).json();

  it('answers 200 {url, redirect:true} with a Location header, a PKCE S256 challenge and a signed state cookie', async () => {
    const client = social.server.client();
    const response = await client.post('/sign-in/social', { provider: 'oidc', callbackURL: '/dashboard' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ url: expect.any(String), redirect: true });
    expect(response.headers.get('location')).toBe(body.url);
    const url = new URL(body.url);
    expect(url.origin).toBe(social.provider.issuer);
    expect([...url.searchParams.keys()]).toEqual([
      'response_type',
      'client_id',
      'state',
      'scope',
      'redirect_uri',
      'nonce',
      'code_challenge_method',
      'code_challenge',
    ]);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('redirect_uri')).toBe(`${social.server.url}/api/auth/callback/oidc`);
    const state = present(url.searchParams.get('state'));
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const cookie = present(response.headers.getSetCookie().find((c) => c.startsWith('better-auth.state=')));
    expect(cookie).toMatch(
      /^better-auth\.state=[A-Za-z0-9_-]{32}\.[^;]+; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const row = await social.server.database.db
      .selectFrom('verification')
      .selectAll()
      .where('identifier', '=', `auth-state:${state}`)
      .executeTakeFirstOrThrow();
    const payload = JSON.parse(row.value);
    expect(payload).toMatchObject({ callbackURL: '/dashboard', oauthState: state });
    expect(payload.codeVerifier).toMatch(/^[A-Za-z0-9_-]{128}$/);
    expect(url.searchParams.get('code_challenge')).toBe(
      createHash('sha256').update(payload.codeVerifier).digest('base64url'),
    );
    expect(url.searchParams.get('nonce')).toBe(payload.idTokenNonce);
  });

  it('disableRedirect answers redirect:false and no Location', async () => {
    const response = await social.server
      .client()
      .post('/sign-in/social', { provider: 'oidc', disableRedirect: true });
    expect(response.status).toBe(200);
    expect((await response.json()).redirect).toBe(false);
    expect(response.headers.get('location')).toBeNull();
  });

  it('signs up a new user through the provider and lands on newUserCallbackURL with a session', async () => {
    const client = social.server.client();
    const response = await socialSignIn(client, 'alice', {
      callbackURL: '/dashboard',
      newUserCallbackURL: '/welcome',
    });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe('/welcome');
    const cookies = response.headers.getSetCookie();
    expect(cookies).toContain('better-auth.state=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect(cookies.some((c) => c.startsWith('better-auth.session_token='))).toBe(true);
    const { user } = await session(client);
    expect(user).toMatchObject({
      email: 'alice@example.test',
      emailVerified: true,
      name: 'Alice',
      image: 'https://img.test/a.png',
    });
    const [account] = await accountsOf(user.id);
    expect(account).toMatchObject({ providerId: 'oidc', accountId: 'alice', scope: 'openid,email,profile' });
    // encryptOAuthTokens: access and refresh tokens are ciphertext (hex), the id token is plain.
    expect(present(account).accessToken).toMatch(/^[0-9a-f]+$/);
    expect(present(account).refreshToken).toMatch(/^[0-9a-f]+$/);
    expect(present(present(account).idToken).split('.')).toHaveLength(3);
  });

  it('a returning user lands on callbackURL, same user, still one account', async () => {
    const first = social.server.client();
    await socialSignIn(first, 'alice');
    const { user: before } = await session(first);
    const client = social.server.client();
    const response = await socialSignIn(client, 'alice', {
      callbackURL: '/dashboard',
      newUserCallbackURL: '/welcome',
    });
    expect(locationOf(response)).toBe('/dashboard');
    const { user } = await session(client);
    expect(user.id).toBe(before.id);
    expect(await accountsOf(user.id)).toHaveLength(1);
  });

  it('defaults callbackURL to the origin', async () => {
    const client = social.server.client();
    const response = await socialSignIn(client, 'alice');
    expect(locationOf(response)).toBe(social.server.url);
  });

  it('an unknown provider is 404 PROVIDER_NOT_FOUND', async () => {
    const response = await social.server.client().post('/sign-in/social', { provider: 'nope' });
    expect(await errorOf(response)).toEqual({
      status: 404,
      code: 'PROVIDER_NOT_FOUND',
      message: 'Provider not found',
    });
  });

  it('refuses untrusted callback, error and new-user URLs with 403 and stores no state', async () => {
    const client = social.server.client();
    const cases = [
      ['callbackURL', 'INVALID_CALLBACK_URL', 'Invalid callbackURL'],
      ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL', 'Invalid errorCallbackURL'],
      ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL', 'Invalid newUserCallbackURL'],
    ];
    const before = await social.server.database.db.selectFrom('verification').select('id').execute();
    for (const [field, code, message] of cases) {
      const response = await client.post('/sign-in/social', {
        provider: 'oidc',
        [present(field)]: 'https://evil.test/x',
      });
      expect(await errorOf(response)).toEqual({ status: 403, code, message });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const after = await social.server.database.db.selectFrom('verification').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('bad input: reserved additionalParams, wrong types, missing provider, malformed JSON, oversized values', async () => {
    const client = social.server.client();
    const reserved = await client.post('/sign-in/social', {
      provider: 'oidc',
      additionalParams: { state: 'x' },
    });
    expect(reserved.status).toBe(400);
    const body = await reserved.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.issues[0]).toEqual({
      path: 'body.additionalParams',
      kind: 'invalid',
      message:
        'additionalParams cannot include reserved OAuth parameters: state, client_id, redirect_uri, response_type, code_challenge, code_challenge_method, nonce, scope',
    });
    for (const bad of [
      {},
      { provider: 5 },
      { provider: 'oidc', scopes: 'openid' },
      { provider: 'x'.repeat(200) },
    ]) {
      expect((await client.post('/sign-in/social', bad)).status).toBe(400);
    }
    const malformed = await client.post('/sign-in/social', undefined, {
      raw: '{"provider":',
      headers: { 'content-type': 'application/json' },
    });
    expect(await errorOf(malformed)).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid JSON in request body',
    });
  });

  it('the provider access_denied comes back as ?error=access_denied on the flow error URL', async () => {
    const client = social.server.client();
    const start = await client.post('/sign-in/social', {
      provider: 'oidc',
      errorCallbackURL: '/social-error?x=1',
    });
    const callback = await completeProviderLogin((await start.json()).url, 'alice', { deny: true });
    const response = await client.get(callbackPath(callback));
    expect(response.status).toBe(302);
    expect(locationOf(response)).toMatch(/^\/social-error\?x=1&error=access_denied&error_description=/);
    expect(await session(client)).toBeNull();
  });

  it('a user without an email gets ?error=email_not_found and no account', async () => {
    const client = social.server.client();
    const response = await socialSignIn(client, 'noemail', { errorCallbackURL: '/social-error' });
    expect(locationOf(response)).toBe('/social-error?error=email_not_found');
    const rows = await social.server.database.db
      .selectFrom('account')
      .selectAll()
      .where('accountId', '=', 'noemail')
      .execute();
    expect(rows).toEqual([]);
  });
});
