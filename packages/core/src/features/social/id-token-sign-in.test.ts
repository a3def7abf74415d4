import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf } from '../../testing/test-server.ts';
import { type SocialServer, startSocialServer } from './social-test-kit.ts';

const INVALID_TOKEN = { status: 401, code: 'INVALID_TOKEN', message: 'Invalid token' };

describe.each(testDialects())('sign-in with an id token from a real OpenID provider (%s)', (dialect) => {
  let social: SocialServer;
  beforeAll(async () => {
    social = await startSocialServer(dialect, {
      socialProviders: { github: { clientId: 'gh', clientSecret: 'gh-secret' } },
    });
  });
  afterAll(() => social.close());

  const signIn = (idToken: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    social.server.client().post('/sign-in/social', { provider: 'oidc', idToken, ...extra });

  it('signs in (and up) from a verified id token: {redirect:false, token, user} and a session cookie', async () => {
    const tokens = await social.provider.issueTokens('alice', { nonce: 'n-123' });
    const client = social.server.client();
    const response = await client.post('/sign-in/social', {
      provider: 'oidc',
      idToken: {
        token: tokens.id_token,
        nonce: 'n-123',
        accessToken: tokens.access_token,
        refreshToken: 'ignored',
      },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['redirect', 'token', 'user']);
    expect(body).toMatchObject({
      redirect: false,
      user: { email: 'alice@example.test', emailVerified: true },
    });
    expect((await (await client.get('/get-session')).json()).session.token).toBe(body.token);
    const account = await social.server.database.db
      .selectFrom('account')
      .selectAll()
      .where('userId', '=', body.user.id)
      .executeTakeFirstOrThrow();
    // Only the access token and the id token are stored; the body's refresh token is not.
    expect(account).toMatchObject({
      accountId: 'alice',
      accessToken: tokens.access_token,
      idToken: tokens.id_token,
      refreshToken: null,
    });
  });

  it('refuses a token whose nonce differs from the one sent, a tampered signature, and a non-JWT', async () => {
    const tokens = await social.provider.issueTokens('alice', { nonce: 'n-1' });
    expect(await errorOf(await signIn({ token: tokens.id_token, nonce: 'other' }))).toEqual(INVALID_TOKEN);
    const [h, p, sig] = tokens.id_token.split('.');
    const tampered = `${h}.${p}.${present(sig).slice(0, -4)}${present(sig).slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(await errorOf(await signIn({ token: tampered }))).toEqual(INVALID_TOKEN);
    expect(await errorOf(await signIn({ token: 'not-a-jwt' }))).toEqual(INVALID_TOKEN);
  });

  it('a token without an email is 401 USER_EMAIL_NOT_FOUND', async () => {
    const tokens = await social.provider.issueTokens('noemail');
    expect(await errorOf(await signIn({ token: tokens.id_token }))).toEqual({
      status: 401,
      code: 'USER_EMAIL_NOT_FOUND',
      message: 'User email not found',
    });
  });

  it('a refused implicit link is 401 OAUTH_LINK_ERROR "account not linked"', async () => {
    await social.server.client().signUp('bob@example.test');
    const tokens = await social.provider.issueTokens('bob');
    expect(await errorOf(await signIn({ token: tokens.id_token }))).toEqual({
      status: 401,
      code: 'OAUTH_LINK_ERROR',
      message: 'account not linked',
    });
  });

  it('GitHub has no id tokens: 404 ID_TOKEN_NOT_SUPPORTED; an unknown provider 404 PROVIDER_NOT_FOUND', async () => {
    const github = await social.server
      .client()
      .post('/sign-in/social', { provider: 'github', idToken: { token: 'x' } });
    expect(await errorOf(github)).toEqual({
      status: 404,
      code: 'ID_TOKEN_NOT_SUPPORTED',
      message: 'id_token not supported',
    });
    const unknown = await social.server
      .client()
      .post('/sign-in/social', { provider: 'nope', idToken: { token: 'x' } });
    expect((await errorOf(unknown)).code).toBe('PROVIDER_NOT_FOUND');
  });

  it('bad idToken bodies are 400 VALIDATION_ERROR', async () => {
    for (const idToken of [{}, { token: 5 }, { token: '' }, { token: 'x'.repeat(20_000) }, 'string']) {
      const response = await signIn(idToken as Record<string, unknown>);
      expect(await errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('key rotation at the provider', () => {
  it('the key set is fetched again for an unknown kid, but only once the cooldown has passed', async () => {
    // A server of its own, so the first verification below is the key set's first fetch.
    const cooldownMs = 3000;
    const social = await startSocialServer('sqlite', {}, { keySet: { cooldownMs } });
    const signIn = (token: string) =>
      social.server.client().post('/sign-in/social', { provider: 'oidc', idToken: { token } });
    try {
      const before = await social.provider.issueTokens('alice');
      // The first fetch happens during this call: between these two instants.
      const fetchStarted = Date.now();
      expect((await signIn(before.id_token)).status).toBe(200);
      const fetchEnded = Date.now();
      const oldKid = social.provider.currentKid();
      social.provider.rotateKeys();
      expect(social.provider.currentKid()).not.toBe(oldKid);
      const after = await social.provider.issueTokens('alice');
      // Within the cooldown an unknown kid does not trigger a refetch: refused.
      const refused = await signIn(after.id_token);
      expect(Date.now() - fetchStarted).toBeLessThan(cooldownMs);
      expect(await errorOf(refused)).toEqual(INVALID_TOKEN);
      await sleep(Math.max(0, cooldownMs + 100 - (Date.now() - fetchEnded)));
      expect((await signIn(after.id_token)).status).toBe(200);
      // The refetched set no longer holds the old key.
      expect(await errorOf(await signIn(before.id_token))).toEqual(INVALID_TOKEN);
    } finally {
      await social.close();
    }
  });
});
