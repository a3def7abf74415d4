import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient } from '../../testing/test-server.ts';
import { insertExternalAccount as insertSocialAccount } from '../../user/external-account.repository.ts';
import { locationOf, type SocialServer, socialSignIn, startSocialServer } from './social-test-kit.ts';

interface ListedAccount {
  id: string;
  providerId: string;
  accountId: string;
  userId: string;
  scopes: string[];
}

describe.each(testDialects())('provider accounts: link, list, unlink, tokens (%s)', (dialect) => {
  let social: SocialServer;
  beforeAll(async () => {
    social = await startSocialServer(dialect, {
      account: { encryptOAuthTokens: true },
      session: { freshAge: 600 },
    });
  });
  afterAll(() => social.close());

  const db = () => social.server.database.db;
  const list = async (client: TestClient) =>
    (await (await client.get('/list-accounts')).json()) as ListedAccount[];
  const oidcAccount = async (client: TestClient) =>
    present((await list(client)).find((a) => a.providerId === 'oidc'));

  /** A local user with a verified email, signed in. */
  async function localUser(email: string) {
    const client = social.server.client();
    const { user } = await client.signUp(email);
    await db().updateTable('user').set({ emailVerified: 1 }).where('id', '=', user.id).execute();
    return { client, user };
  }

  /** Alice signed in through the provider: one oidc account with access and refresh tokens. */
  async function aliceViaProvider() {
    const client = social.server.client();
    await socialSignIn(client, 'alice');
    return client;
  }

  describe('link-social', () => {
    it('links the provider account to the signed-in user and returns to callbackURL without a new session', async () => {
      social.provider.users.dora = { email: 'dora@example.test', email_verified: true, name: 'Dora' };
      const { client, user } = await localUser('dora@example.test');
      const before = client.jar.get('better-auth.session_token');
      const response = await socialSignIn(
        client,
        'dora',
        { callbackURL: '/account', scopes: ['offline_access'] },
        '/link-social',
      );
      expect(response.status).toBe(302);
      expect(locationOf(response)).toBe('/account');
      expect(response.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token='))).toBe(
        false,
      );
      expect(client.jar.get('better-auth.session_token')).toBe(before);
      const accounts = await list(client);
      expect(accounts.map((a) => a.providerId).sort()).toEqual(['credential', 'oidc']);
      const linked = present(accounts.find((a) => a.providerId === 'oidc'));
      expect(Object.keys(linked)).toEqual([
        'accountId',
        'providerId',
        'userId',
        'createdAt',
        'updatedAt',
        'id',
        'scopes',
      ]);
      expect(linked).toMatchObject({ accountId: 'dora', userId: user.id });
      expect(linked.scopes).toContain('openid');
    });

    it('answers {url, redirect} with a Location header and puts the link intent in the state', async () => {
      const { client, user } = await localUser('erin@example.test');
      const response = await client.post('/link-social', { provider: 'oidc', callbackURL: '/account' });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(response.headers.get('location')).toBe(body.url);
      const state = new URL(body.url).searchParams.get('state');
      const row = await db()
        .selectFrom('verification')
        .select('value')
        .where('identifier', '=', `auth-state:${state}`)
        .executeTakeFirstOrThrow();
      const { link } = JSON.parse(row.value);
      expect(link).toEqual({
        userId: user.id,
        email: 'erin@example.test',
        encryptedSessionToken: expect.stringMatching(/^[0-9a-f]+$/),
      });
    });

    it('without a session is 401 UNAUTHORIZED; an unknown provider 404', async () => {
      expect(await errorOf(await social.server.client().post('/link-social', { provider: 'oidc' }))).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Unauthorized',
      });
      const { client } = await localUser('frank@example.test');
      expect((await errorOf(await client.post('/link-social', { provider: 'nope' }))).code).toBe(
        'PROVIDER_NOT_FOUND',
      );
      expect(
        (await client.post('/link-social', { provider: 'oidc', callbackURL: 'https://evil.test' })).status,
      ).toBe(403);
      for (const bad of [
        {},
        { provider: 7 },
        { provider: 'oidc', idToken: { token: 1 } },
        { provider: 'oidc', additionalParams: { nonce: 'x' } },
      ]) {
        expect((await errorOf(await client.post('/link-social', bad))).code).toBe('VALIDATION_ERROR');
      }
    });

    it('a provider email different from the user’s is email_does_not_match', async () => {
      const { client } = await localUser('gina@example.test');
      const response = await socialSignIn(client, 'alice', { errorCallbackURL: '/e' }, '/link-social');
      expect(locationOf(response)).toBe('/e?error=email_does_not_match');
    });

    it('an account already linked to someone else is account_already_linked_to_different_user', async () => {
      const { user: owner } = await localUser('owner@example.test');
      // The provider identity (oidc, twin) already belongs to another user of this server.
      await insertSocialAccount(
        db(),
        { userId: owner.id, providerId: 'oidc', accountId: 'twin', scope: null },
        social.server.clock.now(),
      );
      social.provider.users.twin = { email: 'twin@example.test', email_verified: true };
      const { client: twin } = await localUser('twin@example.test');
      const refused = await socialSignIn(twin, 'twin', { errorCallbackURL: '/e' }, '/link-social');
      expect(locationOf(refused)).toBe('/e?error=account_already_linked_to_different_user');
      expect((await list(twin)).map((a) => a.providerId)).toEqual(['credential']);
    });

    it('links from an id token: {url:"", status:true, redirect:false}; 409 when it belongs to someone else', async () => {
      social.provider.users.hugo = { email: 'hugo@example.test', email_verified: true };
      const { client } = await localUser('hugo@example.test');
      const tokens = await social.provider.issueTokens('hugo');
      const response = await client.post('/link-social', {
        provider: 'oidc',
        idToken: { token: tokens.id_token },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ url: '', status: true, redirect: false });
      expect((await oidcAccount(client)).accountId).toBe('hugo');
      const { client: other } = await localUser('hugo2@example.test');
      expect(
        await errorOf(
          await other.post('/link-social', { provider: 'oidc', idToken: { token: tokens.id_token } }),
        ),
      ).toEqual({
        status: 409,
        code: 'SOCIAL_ACCOUNT_ALREADY_LINKED',
        message: 'Social account already linked',
      });
    });

    it('id-token linking refuses an unverified provider email and a different email', async () => {
      const { client } = await localUser('bob@example.test');
      const bob = await social.provider.issueTokens('bob');
      expect(
        await errorOf(
          await client.post('/link-social', { provider: 'oidc', idToken: { token: bob.id_token } }),
        ),
      ).toEqual({
        status: 401,
        code: 'LINKING_NOT_ALLOWED',
        message: 'Account not linked - linking not allowed',
      });
      social.provider.users.ivy = { email: 'ivy@example.test', email_verified: true };
      const ivy = await social.provider.issueTokens('ivy');
      expect(
        await errorOf(
          await client.post('/link-social', { provider: 'oidc', idToken: { token: ivy.id_token } }),
        ),
      ).toEqual({
        status: 401,
        code: 'LINKING_DIFFERENT_EMAILS_NOT_ALLOWED',
        message: 'Account not linked - different emails not allowed',
      });
    });
  });

  describe('unlink-account', () => {
    it('unlinks one of several accounts; the last one cannot go, even with a wrong id', async () => {
      social.provider.users.jack = { email: 'jack@example.test', email_verified: true };
      const { client } = await localUser('jack@example.test');
      await socialSignIn(client, 'jack', {}, '/link-social');
      const accounts = await list(client);
      expect(accounts).toHaveLength(2);
      const oidc = present(accounts.find((a) => a.providerId === 'oidc'));
      expect(await errorOf(await client.post('/unlink-account', { accountId: 'nope' }))).toEqual({
        status: 400,
        code: 'ACCOUNT_NOT_FOUND',
        message: 'Account not found',
      });
      const response = await client.post('/unlink-account', { accountId: oidc.id, extra: 'ignored' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: true });
      expect((await list(client)).map((a) => a.providerId)).toEqual(['credential']);
      const last = await client.post('/unlink-account', { accountId: 'anything' });
      expect(await errorOf(last)).toEqual({
        status: 400,
        code: 'FAILED_TO_UNLINK_LAST_ACCOUNT',
        message: "You can't unlink your last account",
      });
    });

    it('never another user’s account; needs a fresh session; validates the body', async () => {
      const alice = await aliceViaProvider();
      const aliceAccount = await oidcAccount(alice);
      const { client } = await localUser('kim@example.test');
      social.provider.users.kim = { email: 'kim@example.test', email_verified: true };
      await socialSignIn(client, 'kim', {}, '/link-social');
      expect((await errorOf(await client.post('/unlink-account', { accountId: aliceAccount.id }))).code).toBe(
        'ACCOUNT_NOT_FOUND',
      );
      expect((await list(alice)).some((a) => a.id === aliceAccount.id)).toBe(true);
      expect((await client.post('/unlink-account', {})).status).toBe(400);
      expect((await client.post('/unlink-account', { accountId: 5 })).status).toBe(400);
      expect((await social.server.client().post('/unlink-account', { accountId: 'x' })).status).toBe(401);
      social.server.clock.advance(700);
      try {
        expect(await errorOf(await client.post('/unlink-account', { accountId: aliceAccount.id }))).toEqual({
          status: 403,
          code: 'SESSION_NOT_FRESH',
          message: 'Session is not fresh',
        });
      } finally {
        social.server.clock.advance(-700);
      }
    });
  });

  describe('list-accounts', () => {
    it('needs a session', async () => {
      expect((await social.server.client().get('/list-accounts')).status).toBe(401);
    });
  });

  describe('get-access-token and refresh-token', () => {
    it('get-access-token returns the plain token, refreshing it at the provider once it is due', async () => {
      const client = await aliceViaProvider();
      const account = await oidcAccount(client);
      const first = await client.post('/get-access-token', { accountId: account.id });
      expect(first.status).toBe(200);
      const body = await first.json();
      expect(Object.keys(body)).toEqual(['accessToken', 'accessTokenExpiresAt', 'scopes', 'idToken']);
      const stored = await db()
        .selectFrom('account')
        .selectAll()
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(stored.accessToken).not.toBe(body.accessToken);
      // Not due yet: the same token again.
      expect(
        (await (await client.post('/get-access-token', { accountId: account.id })).json()).accessToken,
      ).toBe(body.accessToken);
      // An hour later it is due: refreshed at the provider and stored (sealed) again; scope untouched.
      social.server.clock.advance(3600);
      try {
        const refreshed = await (await client.post('/get-access-token', { accountId: account.id })).json();
        expect(refreshed.accessToken).not.toBe(body.accessToken);
        const after = await db()
          .selectFrom('account')
          .selectAll()
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow();
        expect(after.accessToken).not.toBe(stored.accessToken);
        expect(after.accessToken).toMatch(/^[0-9a-f]+$/);
        expect(after.scope).toBe(stored.scope);
        // The provider accepts the new token.
        const info = await (await client.get(`/account-info?accountId=${account.id}`)).json();
        expect(info.user.email).toBe('Alice@Example.test');
      } finally {
        social.server.clock.advance(-3600);
      }
    });

    it('refresh-token refreshes now and answers Better Auth’s fields', async () => {
      const client = await aliceViaProvider();
      const account = await oidcAccount(client);
      const response = await client.post('/refresh-token', { accountId: account.id });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(Object.keys(body)).toEqual([
        'accessToken',
        'refreshToken',
        'accessTokenExpiresAt',
        'scope',
        'idToken',
        'providerId',
        'accountId',
      ]);
      expect(body).toMatchObject({
        providerId: 'oidc',
        accountId: account.id,
        scope: 'openid,email,profile',
      });
      expect(body.refreshToken).toEqual(expect.any(String));
    });

    it('errors: no session (401), another user’s account, credential account, bad selector, failed refresh', async () => {
      const client = await aliceViaProvider();
      const account = await oidcAccount(client);
      for (const path of ['/get-access-token', '/refresh-token']) {
        const anonymous = await social.server.client().post(path, { accountId: account.id });
        expect(await errorOf(anonymous)).toEqual({
          status: 401,
          code: 'UNAUTHORIZED',
          message: 'Unauthorized',
        });
      }
      const { client: other } = await localUser('lee@example.test');
      const credential = present((await list(other))[0]);
      expect(await errorOf(await other.post('/get-access-token', { accountId: account.id }))).toEqual({
        status: 400,
        code: 'ACCOUNT_NOT_FOUND',
        message: 'Account not found',
      });
      expect(await errorOf(await other.post('/get-access-token', { accountId: credential.id }))).toEqual({
        status: 400,
        code: 'PROVIDER_NOT_SUPPORTED',
        message: 'Provider credential is not supported.',
      });
      expect((await errorOf(await other.post('/refresh-token', { accountId: credential.id }))).code).toBe(
        'PROVIDER_NOT_SUPPORTED',
      );
      for (const bad of [
        {},
        { accountId: 'a', useAccountCookie: true },
        { accountId: 'a', extra: 1 },
        { accountId: 5 },
      ]) {
        expect((await errorOf(await client.post('/get-access-token', bad))).code).toBe('VALIDATION_ERROR');
      }
      expect((await errorOf(await client.post('/get-access-token', { useAccountCookie: true }))).code).toBe(
        'ACCOUNT_NOT_FOUND',
      );

      await db()
        .updateTable('account')
        .set({ refreshToken: 'not-a-real-refresh-token' })
        .where('id', '=', account.id)
        .execute();
      expect(await errorOf(await client.post('/refresh-token', { accountId: account.id }))).toEqual({
        status: 400,
        code: 'FAILED_TO_REFRESH_ACCESS_TOKEN',
        message: 'Failed to refresh access token',
      });
      social.server.clock.advance(3600);
      try {
        expect(await errorOf(await client.post('/get-access-token', { accountId: account.id }))).toEqual({
          status: 400,
          code: 'FAILED_TO_GET_ACCESS_TOKEN',
          message: 'Failed to get a valid access token',
        });
      } finally {
        social.server.clock.advance(-3600);
      }
      await db().updateTable('account').set({ refreshToken: null }).where('id', '=', account.id).execute();
      expect(await errorOf(await client.post('/refresh-token', { accountId: account.id }))).toEqual({
        status: 400,
        code: 'REFRESH_TOKEN_NOT_FOUND',
        message: 'Refresh token not found',
      });
    });
  });

  describe('account-info', () => {
    it('answers the provider’s current profile for the caller’s account', async () => {
      const client = await aliceViaProvider();
      const account = await oidcAccount(client);
      const response = await client.get(`/account-info?accountId=${account.id}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      // The provider's own view, as it gives it (not lower-cased like the stored user).
      expect(body.user).toMatchObject({ email: 'Alice@Example.test', emailVerified: true, name: 'Alice' });
      expect(body.data.sub).toBe('alice');
      expect(body.account).toEqual({ id: account.id, providerId: 'oidc', accountId: 'alice' });
    });

    it('errors in order: 401, ACCOUNT_NOT_FOUND, PROVIDER_NOT_CONFIGURED, ACCESS_TOKEN_NOT_FOUND, FAILED_TO_GET_USER_INFO', async () => {
      const client = await aliceViaProvider();
      const account = await oidcAccount(client);
      const anonymous = await social.server.client().get(`/account-info?accountId=${account.id}`);
      expect(await errorOf(anonymous)).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Unauthorized',
      });
      expect((await errorOf(await client.get('/account-info?accountId=nope'))).code).toBe(
        'ACCOUNT_NOT_FOUND',
      );
      const { client: local } = await localUser('mia@example.test');
      const credential = present((await list(local))[0]);
      expect(await errorOf(await local.get(`/account-info?accountId=${credential.id}`))).toEqual({
        status: 400,
        code: 'PROVIDER_NOT_CONFIGURED',
        message: 'Account is not associated with a configured social provider.',
      });
      await db()
        .updateTable('account')
        .set({ accessToken: 'not-a-token' })
        .where('id', '=', account.id)
        .execute();
      expect(await errorOf(await client.get(`/account-info?accountId=${account.id}`))).toEqual({
        status: 401,
        code: 'FAILED_TO_GET_USER_INFO',
        message: 'Failed to get user info',
      });
      await db().updateTable('account').set({ accessToken: null }).where('id', '=', account.id).execute();
      expect(await errorOf(await client.get(`/account-info?accountId=${account.id}`))).toEqual({
        status: 400,
        code: 'ACCESS_TOKEN_NOT_FOUND',
        message: 'Access token not found',
      });
      expect((await client.get('/account-info')).status).toBe(400);
    });
  });
});
