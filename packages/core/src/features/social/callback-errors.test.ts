import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProviderLogin } from '../../testing/oidc-test-provider.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import type { TestClient } from '../../testing/test-server.ts';
import {
  callbackPath,
  locationOf,
  type SocialServer,
  socialSignIn,
  startSocialServer,
} from './social-test-kit.ts';

describe.each(testDialects())('social callback failures (%s)', (dialect) => {
  let social: SocialServer;
  let errorURL: string;
  beforeAll(async () => {
    social = await startSocialServer(dialect);
    errorURL = `${social.server.url}/api/auth/error`;
  });
  afterAll(() => social.close());

  const db = () => social.server.database.db;
  const sessionOf = async (client: TestClient) => (await client.get('/get-session')).json();
  const stateRows = async (state: string) =>
    db().selectFrom('verification').selectAll().where('identifier', '=', `auth-state:${state}`).execute();

  /** Starts a flow and logs in at the provider; returns the callback URL not yet visited. */
  async function pendingCallback(client: TestClient, login = 'alice', body: Record<string, unknown> = {}) {
    const start = await client.post('/sign-in/social', {
      provider: 'oidc',
      errorCallbackURL: '/oops',
      ...body,
    });
    const callback = await completeProviderLogin((await start.json()).url, login);
    return callback;
  }

  it('no state parameter: state_not_found on the default error URL', async () => {
    const response = await social.server.client().get('/callback/oidc?code=abc');
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`${errorURL}?error=state_not_found`);
  });

  it('a tampered state (unknown to the server): state_mismatch on the default error URL, nobody signed in', async () => {
    const client = social.server.client();
    const callback = await pendingCallback(client);
    const state = present(callback.searchParams.get('state'));
    // Another last character: one state in 64 ends in any given one, and would then be the real state.
    callback.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('x') ? 'y' : 'x'}`);
    const response = await client.get(callbackPath(callback));
    expect(locationOf(response)).toBe(`${errorURL}?error=state_mismatch`);
    expect(await sessionOf(client)).toBeNull();
  });

  it('a state completed in another browser (no state cookie): state_mismatch, and the row is kept', async () => {
    const victim = social.server.client();
    const callback = await pendingCallback(social.server.client());
    const response = await victim.get(callbackPath(callback));
    expect(locationOf(response)).toBe('/oops?error=state_mismatch');
    expect(await sessionOf(victim)).toBeNull();
    expect(await stateRows(present(callback.searchParams.get('state')))).toHaveLength(1);
  });

  it('a replayed callback: the first signs in, the second is state_mismatch (single use)', async () => {
    const client = social.server.client();
    const callback = await pendingCallback(client);
    const stateCookie = present(client.jar.get('better-auth.state'));
    const first = await client.get(callbackPath(callback));
    expect(locationOf(first)).toBe(social.server.url);
    expect(await stateRows(present(callback.searchParams.get('state')))).toEqual([]);
    const replay = await client.get(callbackPath(callback), {
      headers: { cookie: `better-auth.state=${stateCookie}` },
    });
    expect(locationOf(replay)).toBe(`${errorURL}?error=state_mismatch`);
  });

  it('an expired state (over 10 minutes): state_mismatch on the flow error URL, the row consumed', async () => {
    const client = social.server.client();
    const callback = await pendingCallback(client);
    social.server.clock.advance(601);
    try {
      const response = await client.get(callbackPath(callback));
      expect(locationOf(response)).toBe('/oops?error=state_mismatch');
      expect(await sessionOf(client)).toBeNull();
      expect(await stateRows(present(callback.searchParams.get('state')))).toEqual([]);
    } finally {
      social.server.clock.advance(-601);
    }
  });

  it('a wrong PKCE verifier: the real provider refuses the code, ?error=invalid_code', async () => {
    const client = social.server.client();
    const callback = await pendingCallback(client);
    const identifier = `auth-state:${callback.searchParams.get('state')}`;
    const row = await db()
      .selectFrom('verification')
      .select('value')
      .where('identifier', '=', identifier)
      .executeTakeFirstOrThrow();
    const payload = JSON.parse(row.value);
    payload.codeVerifier = 'A'.repeat(128);
    await db()
      .updateTable('verification')
      .set({ value: JSON.stringify(payload) })
      .where('identifier', '=', identifier)
      .execute();
    const response = await client.get(callbackPath(callback));
    expect(locationOf(response)).toBe('/oops?error=invalid_code');
    expect(await sessionOf(client)).toBeNull();
  });

  /** Rewrites the stored state payload of a pending flow. */
  async function editState(callback: URL, edit: (payload: Record<string, unknown>) => unknown) {
    const identifier = `auth-state:${callback.searchParams.get('state')}`;
    const row = await db()
      .selectFrom('verification')
      .select('value')
      .where('identifier', '=', identifier)
      .executeTakeFirstOrThrow();
    const edited = edit(JSON.parse(row.value));
    const value = typeof edited === 'string' ? edited : JSON.stringify(edited);
    await db().updateTable('verification').set({ value }).where('identifier', '=', identifier).execute();
  }

  it('nonce binding: a state without its nonce is nonce_binding_missing; a different nonce fails the id token', async () => {
    const client = social.server.client();
    const missing = await pendingCallback(client);
    await editState(missing, ({ idTokenNonce: _, ...rest }) => rest);
    expect(locationOf(await client.get(callbackPath(missing)))).toBe('/oops?error=nonce_binding_missing');

    const other = await pendingCallback(client);
    await editState(other, (payload) => ({ ...payload, idTokenNonce: 'not-the-nonce-sent-to-the-provider' }));
    expect(locationOf(await client.get(callbackPath(other)))).toBe('/oops?error=unable_to_get_user_info');
    expect(await sessionOf(client)).toBeNull();
  });

  it('an unreadable stored state is internal_server_error on the default error URL', async () => {
    const client = social.server.client();
    const callback = await pendingCallback(client);
    await editState(callback, () => 'not json');
    expect(locationOf(await client.get(callbackPath(callback)))).toBe(
      `${errorURL}?error=internal_server_error`,
    );
  });

  it('a code for a different provider id, no code, a repeated state', async () => {
    const client = social.server.client();
    const callback = await pendingCallback(client);
    const wrongProvider = await client.get(
      callbackPath(callback).replace('/callback/oidc', '/callback/nope'),
    );
    expect(locationOf(wrongProvider)).toBe('/oops?error=oauth_provider_not_found');

    const again = await pendingCallback(client);
    again.searchParams.delete('code');
    expect(locationOf(await client.get(callbackPath(again)))).toBe('/oops?error=no_code');

    const repeated = await client.get('/callback/oidc?state=a&state=b');
    expect(repeated.status).toBe(400);
    expect((await repeated.json()).code).toBe('VALIDATION_ERROR');
  });

  it('an issuer that differs from the discovered one (RFC 9207): issuer_mismatch', async () => {
    const client = social.server.client();
    const callback = await pendingCallback(client);
    callback.searchParams.set('iss', 'https://evil.test');
    expect(locationOf(await client.get(callbackPath(callback)))).toBe('/oops?error=issuer_mismatch');
  });

  it('POST /callback/:id bounces the form fields to a GET (query wins) without touching the state', async () => {
    const response = await fetch(`${social.server.url}/api/auth/callback/oidc?state=fromquery`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
      body: 'code=abc&state=frombody&user=%7B%22a%22%3A1%7D&extra=dropped',
    });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(
      `${social.server.url}/api/auth/callback/oidc?code=abc&state=fromquery&user=%7B%22a%22%3A1%7D`,
    );
  });

  it('POST /callback/:id takes JSON too, and an unreadable or oversized body counts as empty', async () => {
    const post = (body: string, type: string) =>
      fetch(`${social.server.url}/api/auth/callback/oidc`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': type },
        body,
      });
    const json = await post(JSON.stringify({ code: 'c', state: 's', iss: 'i' }), 'application/json');
    expect(locationOf(json)).toBe(`${social.server.url}/api/auth/callback/oidc?code=c&state=s&iss=i`);
    for (const [body, type] of [
      ['{"code":', 'application/json'],
      [`code=${'x'.repeat(70_000)}`, 'application/x-www-form-urlencoded'],
    ] as const) {
      const response = await post(body, type);
      expect(response.status).toBe(302);
      expect(locationOf(response)).toBe(`${social.server.url}/api/auth/callback/oidc?`);
    }
  });

  describe('account takeover defence', () => {
    it('an unverified local account with the victim’s email is not linked by the victim’s provider sign-in', async () => {
      // The attacker registers the victim's address first, without being able to verify it.
      const attacker = social.server.client();
      social.provider.users.victim = { email: 'victim@example.test', email_verified: true, name: 'Victim' };
      const { user: squatted } = await attacker.signUp('victim@example.test', 'attacker password 1');

      const victim = social.server.client();
      const response = await socialSignIn(victim, 'victim', { errorCallbackURL: '/social-error' });
      expect(locationOf(response)).toBe('/social-error?error=account_not_linked');
      expect(await sessionOf(victim)).toBeNull();
      const accounts = await db()
        .selectFrom('account')
        .select('providerId')
        .where('userId', '=', squatted.id)
        .execute();
      expect(accounts.map((a) => a.providerId)).toEqual(['credential']);
    });

    it('a verified local account is linked when the provider vouches for the email', async () => {
      social.provider.users.carol = { email: 'carol@example.test', email_verified: true, name: 'Carol' };
      const local = social.server.client();
      const { user } = await local.signUp('carol@example.test');
      await db().updateTable('user').set({ emailVerified: 1 }).where('id', '=', user.id).execute();
      const client = social.server.client();
      const response = await socialSignIn(client, 'carol');
      expect(locationOf(response)).toBe(social.server.url);
      expect((await sessionOf(client)).user.id).toBe(user.id);
      const providers = await db()
        .selectFrom('account')
        .select('providerId')
        .where('userId', '=', user.id)
        .orderBy('providerId')
        .execute();
      expect(providers.map((a) => a.providerId)).toEqual(['credential', 'oidc']);
    });

    it('a provider that says the email is unverified cannot link even a verified local account', async () => {
      const local = social.server.client();
      const { user } = await local.signUp('bob@example.test');
      await db().updateTable('user').set({ emailVerified: 1 }).where('id', '=', user.id).execute();
      const response = await socialSignIn(social.server.client(), 'bob', { errorCallbackURL: '/e' });
      expect(locationOf(response)).toBe('/e?error=account_not_linked');
    });
  });
});

describe('social sign-up and linking switches', () => {
  it('disableSignUp: a new user gets signup_disabled and nothing is created', async () => {
    const social = await startSocialServer('sqlite', {}, { disableSignUp: true });
    try {
      const response = await socialSignIn(social.server.client(), 'alice', { errorCallbackURL: '/e' });
      expect(locationOf(response)).toBe('/e?error=signup_disabled');
      expect(await social.server.database.db.selectFrom('user').select('id').execute()).toEqual([]);
    } finally {
      await social.close();
    }
  });

  it('disableImplicitSignUp: refused unless the request asks with requestSignUp', async () => {
    const social = await startSocialServer('sqlite', {}, { disableImplicitSignUp: true });
    try {
      const refused = await socialSignIn(social.server.client(), 'alice', { errorCallbackURL: '/e' });
      expect(locationOf(refused)).toBe('/e?error=signup_disabled');
      const allowed = await socialSignIn(social.server.client(), 'alice', { requestSignUp: true });
      expect(locationOf(allowed)).toBe(social.server.url);
    } finally {
      await social.close();
    }
  });

  it('trustedProviders lets an unverified provider email link to a verified local user', async () => {
    const social = await startSocialServer('sqlite', {
      account: { accountLinking: { trustedProviders: ['oidc'] } },
    });
    try {
      const local = social.server.client();
      const { user } = await local.signUp('bob@example.test');
      await social.server.database.db
        .updateTable('user')
        .set({ emailVerified: 1 })
        .where('id', '=', user.id)
        .execute();
      const client = social.server.client();
      expect(locationOf(await socialSignIn(client, 'bob'))).toBe(social.server.url);
      expect((await (await client.get('/get-session')).json()).user.id).toBe(user.id);
    } finally {
      await social.close();
    }
  });

  it('a banned user is sent to the error URL with BANNED_USER and no session', async () => {
    const social = await startSocialServer('sqlite', { admin: { enabled: true } });
    try {
      const first = social.server.client();
      await socialSignIn(first, 'alice');
      const { user } = await (await first.get('/get-session')).json();
      await social.server.database.db
        .updateTable('user')
        .set({ banned: 1 } as never)
        .where('id', '=', user.id)
        .execute();
      const client = social.server.client();
      const response = await socialSignIn(client, 'alice', { errorCallbackURL: '/e' });
      expect(locationOf(response)).toMatch(
        /^\/e\?error=BANNED_USER&error_description=You%20have%20been%20banned/,
      );
      expect(await (await client.get('/get-session')).json()).toBeNull();
    } finally {
      await social.close();
    }
  });
});

describe('the error URL for failures before the state is read', () => {
  it('is onAPIError.errorURL when set (the product points it at its own page)', async () => {
    const social = await startSocialServer('sqlite', {
      onAPIError: { errorURL: 'https://app.example.test/social-error' },
    });
    try {
      const missing = await social.server.client().get('/callback/oidc?code=abc');
      expect(locationOf(missing)).toBe('https://app.example.test/social-error?error=state_not_found');
      const tampered = await social.server.client().get('/callback/oidc?code=abc&state=forged');
      expect(locationOf(tampered)).toBe('https://app.example.test/social-error?error=state_mismatch');
    } finally {
      await social.close();
    }
  });
});
