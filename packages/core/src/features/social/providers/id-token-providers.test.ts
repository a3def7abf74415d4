import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../../testing/present.ts';
import { testDialects } from '../../../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../../testing/test-server.ts';
import { type ProviderTestServer, startProviderTestServer } from './provider-test-server.ts';

const TENANT = '11111111-2222-3333-4444-555555555555';
const CONSUMERS = '9188040d-6c67-4c5b-b112-36a304b66dad';

// Google, Microsoft and Apple cannot run here; a local server answers like their documented token
// endpoints and publishes a key set, and signs the id tokens they would issue
// (see provider-test-server.ts). Every id token is verified against that remote key set.
describe.each(testDialects())('Google, Microsoft and Apple id tokens (%s)', (dialect) => {
  let remote: ProviderTestServer;
  let server: TestServer;
  let orgsOnly: TestServer;
  beforeAll(async () => {
    remote = await startProviderTestServer();
    const common = (prefix: string) => ({
      authorizationEndpoint: `${remote.url}/${prefix}/authorize`,
      tokenEndpoint: `${remote.url}/${prefix}/token`,
      jwksEndpoint: `${remote.url}/jwks`,
    });
    server = await startTestServer(dialect, {
      socialProviders: {
        google: { clientId: ['g-web', 'g-ios'], clientSecret: 'g-secret', ...common('google') },
        microsoft: {
          clientId: 'ms-id',
          clientSecret: 'ms-secret',
          authority: remote.url,
          disableProfilePhoto: true,
          ...common('ms'),
        },
        apple: { clientId: 'com.example.web', clientSecret: 'apple-jwt', ...common('apple') },
      },
    });
    orgsOnly = await startTestServer(dialect, {
      socialProviders: {
        microsoft: {
          clientId: 'ms-id',
          clientSecret: 's',
          authority: remote.url,
          tenantId: 'organizations',
          disableProfilePhoto: true,
          jwksEndpoint: `${remote.url}/jwks`,
        },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await orgsOnly.close();
    await remote.close();
  });

  const now = () => Math.floor(Date.now() / 1000);
  const google = (claims: Record<string, unknown> = {}) =>
    remote.signIdToken({
      iss: 'https://accounts.google.com',
      aud: 'g-web',
      sub: 'g-1',
      email: 'gina@example.test',
      email_verified: true,
      name: 'Gina',
      picture: 'https://g.test/p.png',
      ...claims,
    });
  const microsoft = (claims: Record<string, unknown> = {}) =>
    remote.signIdToken({
      iss: `${remote.url}/${TENANT}/v2.0`,
      aud: 'ms-id',
      sub: 'per-app-sub',
      oid: 'object-id-1',
      tid: TENANT,
      email: 'max@example.test',
      name: 'Max',
      ...claims,
    });
  const apple = (claims: Record<string, unknown> = {}) =>
    remote.signIdToken({
      iss: 'https://appleid.apple.com',
      aud: 'com.example.web',
      sub: 'apple-1',
      email: 'ann@example.test',
      email_verified: 'true',
      ...claims,
    });
  const idTokenSignIn = (target: TestServer, provider: string, idToken: Record<string, unknown>) =>
    target.client().post('/sign-in/social', { provider, idToken });

  async function redirectFlow(client: TestClient, provider: string, idToken: string) {
    remote.route('POST', `/${provider === 'microsoft' ? 'ms' : provider}/token`, () => ({
      body: {
        access_token: `${provider}-access`,
        id_token: idToken,
        expires_in: 3600,
        scope: 'openid email',
      },
    }));
    const start = await client.post('/sign-in/social', { provider, errorCallbackURL: '/e' });
    const url = new URL((await start.json()).url);
    const response = await client.get(`/callback/${provider}?code=c&state=${url.searchParams.get('state')}`);
    return { url, location: response.headers.get('location') };
  }

  describe('Google', () => {
    it('redirect flow: include_granted_scopes, default scopes, and a verified id token as the profile', async () => {
      const client = server.client();
      const { url, location } = await redirectFlow(client, 'google', await google());
      expect(url.searchParams.get('scope')).toBe('email profile openid');
      expect(url.searchParams.get('include_granted_scopes')).toBe('true');
      expect(location).toBe(server.url);
      const { user } = await (await client.get('/get-session')).json();
      expect(user).toMatchObject({
        email: 'gina@example.test',
        emailVerified: true,
        name: 'Gina',
        image: 'https://g.test/p.png',
      });
    });

    it('redirect flow refuses an id token that is not signed by the key set', async () => {
      const [h, p] = (await google({ sub: 'g-forged' })).split('.');
      const { location } = await redirectFlow(server.client(), 'google', `${h}.${p}.${'A'.repeat(342)}`);
      expect(location).toBe('/e?error=unable_to_get_user_info');
    });

    it('id-token sign-in accepts every configured client id as audience, and nothing else', async () => {
      expect((await idTokenSignIn(server, 'google', { token: await google({ aud: 'g-ios' }) })).status).toBe(
        200,
      );
      for (const claims of [
        { aud: 'someone-else' },
        { iss: 'https://evil.test' },
        { iat: now() - 7200, exp: now() + 600 },
      ]) {
        const response = await idTokenSignIn(server, 'google', { token: await google(claims) });
        expect(await errorOf(response)).toEqual({
          status: 401,
          code: 'INVALID_TOKEN',
          message: 'Invalid token',
        });
      }
    });
  });

  describe('Microsoft', () => {
    it('the account id is oid, not sub; the issuer must name the token’s tenant', async () => {
      const response = await idTokenSignIn(server, 'microsoft', { token: await microsoft() });
      expect(response.status).toBe(200);
      const { user } = await response.json();
      const account = await server.database.db
        .selectFrom('account')
        .selectAll()
        .where('userId', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(account.accountId).toBe('object-id-1');
      const wrongIssuer = await idTokenSignIn(server, 'microsoft', {
        token: await microsoft({ iss: `${remote.url}/other/v2.0` }),
      });
      expect((await errorOf(wrongIssuer)).code).toBe('INVALID_TOKEN');
    });

    it('a token without oid cannot sign in; organizations refuses personal accounts', async () => {
      const noOid = await idTokenSignIn(server, 'microsoft', { token: await microsoft({ oid: undefined }) });
      expect(await errorOf(noOid)).toEqual({
        status: 401,
        code: 'FAILED_TO_GET_USER_INFO',
        message: 'Failed to get user info',
      });
      const personal = await microsoft({ tid: CONSUMERS, iss: `${remote.url}/${CONSUMERS}/v2.0` });
      expect((await idTokenSignIn(server, 'microsoft', { token: personal })).status).toBe(200);
      expect((await errorOf(await idTokenSignIn(orgsOnly, 'microsoft', { token: personal }))).code).toBe(
        'INVALID_TOKEN',
      );
      expect(
        (await idTokenSignIn(orgsOnly, 'microsoft', { token: await microsoft({ oid: 'work-1' }) })).status,
      ).toBe(200);
    });

    it('redirect flow: default scopes with offline_access, PKCE', async () => {
      const { url, location } = await redirectFlow(
        server.client(),
        'microsoft',
        await microsoft({ oid: 'object-id-2', email: 'max2@example.test' }),
      );
      expect(url.searchParams.get('scope')).toBe('openid profile email User.Read offline_access');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(location).toBe(server.url);
    });
  });

  it('Microsoft: refresh-token repeats the scopes in the refresh request', async () => {
    const client = server.client();
    const idTokenForRefresh = await microsoft({ oid: 'object-id-3', email: 'max3@example.test' });
    remote.route('POST', '/ms/token', () => ({
      body: {
        access_token: 'ms-a1',
        refresh_token: 'ms-r1',
        id_token: idTokenForRefresh,
        expires_in: 3600,
        scope: 'openid User.Read',
      },
    }));
    const start = await client.post('/sign-in/social', { provider: 'microsoft' });
    const state = new URL((await start.json()).url).searchParams.get('state');
    await client.get(`/callback/microsoft?code=c&state=${state}`);
    const [account] = (await (await client.get('/list-accounts')).json()) as { id: string }[];
    remote.route('POST', '/ms/token', () => ({ body: { access_token: 'ms-a2', expires_in: 3600 } }));
    const response = await client.post('/refresh-token', { accountId: present(account).id });
    expect(await response.json()).toMatchObject({
      accessToken: 'ms-a2',
      refreshToken: 'ms-r1',
      scope: 'openid,User.Read',
    });
    expect(present(remote.requests.findLast((r) => r.path === '/ms/token')).form).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'ms-r1',
      scope: 'openid profile email User.Read offline_access',
    });
  });

  describe('Apple', () => {
    it('asks for code id_token with form_post; the posted user name is used on first sign-in', async () => {
      const client = server.client();
      remote.route('POST', '/apple/token', () => ({
        body: { access_token: 'a', id_token: '', expires_in: 3600 },
      }));
      const start = await client.post('/sign-in/social', { provider: 'apple' });
      const url = new URL((await start.json()).url);
      expect(url.searchParams.get('response_type')).toBe('code id_token');
      expect(url.searchParams.get('response_mode')).toBe('form_post');
      const token = await apple();
      remote.route('POST', '/apple/token', () => ({
        body: { access_token: 'a', id_token: token, expires_in: 3600 },
      }));
      // Apple POSTs cross-site; the engine bounces it to a GET that carries the state cookie.
      const user = JSON.stringify({ name: { firstName: 'Ann', lastName: 'Lee' }, email: 'ann@example.test' });
      const bounce = await fetch(`${server.url}/api/auth/callback/apple`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ code: 'c', state: present(url.searchParams.get('state')), user }),
      });
      const location = new URL(present(bounce.headers.get('location')));
      const response = await client.get(`${location.pathname.replace('/api/auth', '')}${location.search}`);
      expect(response.headers.get('location')).toBe(server.url);
      const session = await (await client.get('/get-session')).json();
      expect(session.user).toMatchObject({ name: 'Ann Lee', email: 'ann@example.test', emailVerified: true });
    });

    it('id-token sign-in compares the nonce raw or as its SHA-256 hex', async () => {
      const hashed = createHash('sha256').update('raw-nonce').digest('hex');
      const token = await apple({ sub: 'apple-2', email: 'ann2@example.test', nonce: hashed });
      expect((await idTokenSignIn(server, 'apple', { token, nonce: 'raw-nonce' })).status).toBe(200);
      expect((await errorOf(await idTokenSignIn(server, 'apple', { token, nonce: 'other' }))).code).toBe(
        'INVALID_TOKEN',
      );
    });
  });
});
