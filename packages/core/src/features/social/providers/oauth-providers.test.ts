import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../../testing/present.ts';
import { testDialects } from '../../../testing/test-database.ts';
import { startTestServer, type TestClient, type TestServer } from '../../../testing/test-server.ts';
import { type ProviderTestServer, startProviderTestServer } from './provider-test-server.ts';

// GitHub, Discord and GitLab cannot run here; a local server answers like their documented APIs
// (see provider-test-server.ts). The engine side — URLs, token exchange, profile mapping — is real.
describe.each(testDialects())('GitHub, Discord and GitLab (%s)', (dialect) => {
  let remote: ProviderTestServer;
  let server: TestServer;
  beforeAll(async () => {
    remote = await startProviderTestServer();
    const endpoints = (prefix: string) => ({
      authorizationEndpoint: `${remote.url}/${prefix}/authorize`,
      tokenEndpoint: `${remote.url}/${prefix}/token`,
      userInfoEndpoint: `${remote.url}/${prefix}/user`,
    });
    server = await startTestServer(dialect, {
      socialProviders: {
        github: {
          clientId: 'gh-id',
          clientSecret: 'gh-secret',
          ...endpoints('github'),
          emailsEndpoint: `${remote.url}/github/emails`,
        },
        discord: { clientId: 'd-id', clientSecret: 'd-secret', scope: ['guilds'], ...endpoints('discord') },
        gitlab: { clientId: 'gl-id', clientSecret: 'gl-secret', ...endpoints('gitlab') },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  /** Starts a flow and comes back with a code, as the provider would send the browser. */
  async function flow(client: TestClient, provider: string, body: Record<string, unknown> = {}) {
    const start = await client.post('/sign-in/social', { provider, errorCallbackURL: '/e', ...body });
    const url = new URL((await start.json()).url);
    const response = await client.get(
      `/callback/${provider}?code=the-code&state=${url.searchParams.get('state')}`,
    );
    return { url, response, location: response.headers.get('location') };
  }

  describe('GitHub', () => {
    it("authorization URL: endpoint, Better Auth's parameter order, default scopes, PKCE, login hint", async () => {
      const { url } = await flow(server.client(), 'github', {
        loginHint: 'octo@example.test',
        scopes: ['repo'],
      });
      expect(`${url.origin}${url.pathname}`).toBe(`${remote.url}/github/authorize`);
      expect([...url.searchParams.keys()]).toEqual([
        'response_type',
        'client_id',
        'state',
        'scope',
        'redirect_uri',
        'login_hint',
        'code_challenge_method',
        'code_challenge',
      ]);
      expect(url.searchParams.get('scope')).toBe('read:user user:email repo');
    });

    it('signs up from /user and /user/emails: the primary email, its verified flag, login as name, numeric id', async () => {
      remote.route('POST', '/github/token', () => ({
        body: { access_token: 'gho_token', token_type: 'bearer', scope: 'read:user,user:email' },
      }));
      remote.route('GET', '/github/user', () => ({
        body: { id: 4242, login: 'octo', name: null, email: null, avatar_url: 'https://avatars.test/octo' },
      }));
      remote.route('GET', '/github/emails', () => ({
        body: [
          { email: 'other@example.test', primary: false, verified: false },
          { email: 'Octo@Example.test', primary: true, verified: true },
        ],
      }));
      const client = server.client();
      const { location } = await flow(client, 'github', { callbackURL: '/home' });
      expect(location).toBe('/home');
      const tokenRequest = present(remote.requests.findLast((r) => r.path === '/github/token'));
      expect(Object.keys(tokenRequest.form)).toEqual([
        'grant_type',
        'code',
        'code_verifier',
        'redirect_uri',
        'client_id',
        'client_secret',
      ]);
      expect(tokenRequest.form.code).toBe('the-code');
      const profileRequest = present(remote.requests.findLast((r) => r.path === '/github/user'));
      expect(profileRequest.headers.authorization).toBe('Bearer gho_token');
      expect(profileRequest.headers['user-agent']).toBe('better-auth');
      const { user } = await (await client.get('/get-session')).json();
      expect(user).toMatchObject({
        name: 'octo',
        email: 'octo@example.test',
        emailVerified: true,
        image: 'https://avatars.test/octo',
      });
      const account = await server.database.db
        .selectFrom('account')
        .selectAll()
        .where('userId', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(account).toMatchObject({
        providerId: 'github',
        accountId: '4242',
        scope: 'read:user,user:email',
      });
    });

    it('a token endpoint answering 200 {"error": …} is invalid_code; a profile failure unable_to_get_user_info', async () => {
      remote.route('POST', '/github/token', () => ({ body: { error: 'bad_verification_code' } }));
      expect((await flow(server.client(), 'github')).location).toBe('/e?error=invalid_code');
      remote.route('POST', '/github/token', () => ({ body: { access_token: 't', token_type: 'bearer' } }));
      remote.route('GET', '/github/user', () => ({ status: 401, body: { message: 'Bad credentials' } }));
      expect((await flow(server.client(), 'github')).location).toBe('/e?error=unable_to_get_user_info');
    });

    it('a redirect from the token endpoint is refused (no SSRF through 3xx): invalid_code', async () => {
      remote.route('POST', '/github/token', () => ({ status: 302, body: {} }));
      expect((await flow(server.client(), 'github')).location).toBe('/e?error=invalid_code');
    });
  });

  describe('refreshing a GitHub token', () => {
    it('get-access-token refreshes a due token with grant_type=refresh_token and keeps the old refresh token', async () => {
      remote.route('POST', '/github/token', () => ({
        body: { access_token: 'first', refresh_token: 'r-1', expires_in: 60, token_type: 'bearer' },
      }));
      remote.route('GET', '/github/user', () => ({
        body: { id: 5150, login: 'refresher', email: 'refresher@example.test' },
      }));
      remote.route('GET', '/github/emails', () => ({
        body: [{ email: 'refresher@example.test', primary: true, verified: true }],
      }));
      const client = server.client();
      await flow(client, 'github');
      const [account] = (await (await client.get('/list-accounts')).json()) as { id: string }[];
      remote.route('POST', '/github/token', () => ({ body: { access_token: 'second', expires_in: 3600 } }));
      server.clock.advance(120);
      try {
        const response = await client.post('/get-access-token', { accountId: present(account).id });
        expect((await response.json()).accessToken).toBe('second');
      } finally {
        server.clock.advance(-120);
      }
      const refresh = present(remote.requests.findLast((r) => r.path === '/github/token'));
      expect(refresh.form).toEqual({
        grant_type: 'refresh_token',
        refresh_token: 'r-1',
        client_id: 'gh-id',
        client_secret: 'gh-secret',
      });
      const stored = await server.database.db
        .selectFrom('account')
        .select(['accessToken', 'refreshToken'])
        .where('id', '=', present(account).id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ accessToken: 'second', refreshToken: 'r-1' });
    });
  });

  describe('Discord', () => {
    it('no PKCE, prompt=none, requested scopes before configured ones', async () => {
      const { url } = await flow(server.client(), 'discord', { scopes: ['connections'] });
      expect(url.searchParams.get('code_challenge')).toBeNull();
      expect(url.searchParams.get('prompt')).toBe('none');
      expect(url.searchParams.get('scope')).toBe('identify email connections guilds');
    });

    it('maps global_name, verified and the default avatar; no code_verifier in the exchange', async () => {
      remote.route('POST', '/discord/token', () => ({
        body: {
          access_token: 'd-token',
          refresh_token: 'd-refresh',
          expires_in: 604800,
          scope: 'identify email',
        },
      }));
      remote.route('GET', '/discord/user', () => ({
        body: {
          id: '80351110224678912',
          username: 'nelly',
          global_name: 'Nelly',
          email: 'nelly@example.test',
          verified: true,
          avatar: null,
          discriminator: '0',
        },
      }));
      const client = server.client();
      expect((await flow(client, 'discord')).location).toBe(server.url);
      expect(
        present(remote.requests.findLast((r) => r.path === '/discord/token')).form.code_verifier,
      ).toBeUndefined();
      const { user } = await (await client.get('/get-session')).json();
      const index = Number((80351110224678912n >> 22n) % 6n);
      expect(user).toMatchObject({
        name: 'Nelly',
        email: 'nelly@example.test',
        emailVerified: true,
        image: `https://cdn.discordapp.com/embed/avatars/${index}.png`,
      });
    });
  });

  describe('GitLab', () => {
    it('maps an active user; a blocked one gets unable_to_get_user_info', async () => {
      remote.route('POST', '/gitlab/token', () => ({ body: { access_token: 'gl-token', expires_in: 7200 } }));
      remote.route('GET', '/gitlab/user', () => ({
        body: {
          id: 77,
          username: 'lab',
          name: '',
          email: 'lab@example.test',
          state: 'active',
          avatar_url: 'https://gl.test/a.png',
        },
      }));
      const client = server.client();
      expect((await flow(client, 'gitlab')).location).toBe(server.url);
      const { user } = await (await client.get('/get-session')).json();
      expect(user).toMatchObject({ name: 'lab', email: 'lab@example.test', emailVerified: false });
      remote.route('GET', '/gitlab/user', () => ({
        body: { id: 78, username: 'blocked', email: 'blocked@example.test', state: 'blocked' },
      }));
      expect((await flow(server.client(), 'gitlab')).location).toBe('/e?error=unable_to_get_user_info');
    });
  });
});
