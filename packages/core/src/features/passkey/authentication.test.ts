import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import {
  authenticateOptions,
  CEREMONY_COOKIE,
  passkeyRows,
  registered,
  SESSION_COOKIE,
  signInWithPasskey,
  startPasskeyServer,
} from './test-kit.ts';

const failed = (status: number) => ({
  status,
  code: 'AUTHENTICATION_FAILED',
  message: 'Authentication failed',
});

describe.each(testDialects())('passkey sign-in (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startPasskeyServer(dialect, { admin: { enabled: true } });
  });
  afterAll(() => server.close());

  it('generate-authenticate-options: no credentials named without a session, the own ones with one', async () => {
    const anonymous = server.client();
    const response = await anonymous.get('/passkey/generate-authenticate-options');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      rpId: '127.0.0.1',
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      timeout: 60000,
      userVerification: 'preferred',
    });
    expect(response.headers.getSetCookie().join('\n')).toMatch(
      new RegExp(`${CEREMONY_COOKIE}=[^;]+; Max-Age=300; Path=/; HttpOnly; SameSite=Lax`),
    );
    const { client, passkey } = await registered(server);
    expect((await authenticateOptions(client)).allowCredentials).toEqual([
      { id: passkey.credentialID, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('verify-authentication signs in: session, user, cookies; the counter and last use are stored', async () => {
    const { authenticator, userId, passkey } = await registered(server);
    server.clock.advance(5);
    const { client, response } = await signInWithPasskey(server, authenticator);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      session: expect.objectContaining({ userId, token: expect.any(String) }),
      user: expect.objectContaining({ id: userId }),
    });
    expect(client.jar.get(SESSION_COOKIE)).toContain(body.session.token);
    expect(client.jar.get(CEREMONY_COOKIE)).toBeUndefined();
    const session = await (await client.get('/get-session')).json();
    expect(session.user.id).toBe(userId);
    const [row] = await passkeyRows(server, userId);
    expect(Number(row?.counter)).toBe(1);
    expect(new Date(row?.lastUsedAt ?? 0).getTime()).toBe(server.clock.now());
    const list = await (await client.get('/passkey/list-user-passkeys')).json();
    expect(list).toEqual([
      { ...passkey, counter: 1, lastUsedAt: new Date(server.clock.now()).toISOString() },
    ]);
  });

  it('an authenticator without a counter (always 0) signs in again and again', async () => {
    const { authenticator } = await registered(server, new SoftwareAuthenticator({ counterStep: 0 }));
    for (let i = 0; i < 2; i++)
      expect((await signInWithPasskey(server, authenticator)).response.status).toBe(200);
  });

  it('an unknown credential: 401 PASSKEY_NOT_FOUND', async () => {
    const stranger = new SoftwareAuthenticator();
    await stranger.register(
      {
        challenge: 'AAAA',
        rp: { id: '127.0.0.1', name: 'x' },
        user: { id: 'AAAA', name: 'x', displayName: 'x' },
        pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
      },
      { origin: server.url },
    );
    expect(await errorOf((await signInWithPasskey(server, stranger)).response)).toEqual({
      status: 401,
      code: 'PASSKEY_NOT_FOUND',
      message: 'Passkey not found',
    });
  });

  it('a forged signature: 401 AUTHENTICATION_FAILED, no session, counter unchanged', async () => {
    const { authenticator, userId } = await registered(server);
    const { client, response } = await signInWithPasskey(server, authenticator, { tamperSignature: true });
    expect(await errorOf(response)).toEqual(failed(401));
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(Number((await passkeyRows(server, userId))[0]?.counter)).toBe(0);
  });

  it('wrong rpID, challenge, type, a replayed counter: 400 AUTHENTICATION_FAILED', async () => {
    const { authenticator, userId } = await registered(server);
    expect((await signInWithPasskey(server, authenticator, { counter: 5 })).response.status).toBe(200);
    for (const gesture of [
      { rpId: 'evil.example' },
      { challenge: 'AAAA' },
      { type: 'webauthn.create' },
      { counter: 5 },
      { counter: 3 },
    ]) {
      const { client, response } = await signInWithPasskey(server, authenticator, gesture);
      expect(await errorOf(response)).toEqual(failed(400));
      expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    }
    expect(Number((await passkeyRows(server, userId))[0]?.counter)).toBe(5);
  });

  it('no ceremony, a used one, a registration one: 400 CHALLENGE_NOT_FOUND', async () => {
    const { authenticator, client: owner } = await registered(server);
    const notFound = { status: 400, code: 'CHALLENGE_NOT_FOUND', message: 'Challenge not found' };
    const browser = server.client();
    const options = await authenticateOptions(browser);
    const cookie = browser.jar.get(CEREMONY_COOKIE) ?? '';
    const assertion = await authenticator.authenticate(options, { origin: server.url });
    expect((await browser.post('/passkey/verify-authentication', { response: assertion })).status).toBe(200);
    const replay = server.client();
    replay.jar.cookies.set(CEREMONY_COOKIE, cookie);
    expect(
      await errorOf(await replay.post('/passkey/verify-authentication', { response: assertion })),
    ).toEqual(notFound);
    expect(
      await errorOf(await server.client().post('/passkey/verify-authentication', { response: assertion })),
    ).toEqual(notFound);
    await owner.get('/passkey/generate-register-options');
    const registration = await owner.post('/passkey/verify-authentication', { response: assertion });
    expect(await errorOf(registration)).toEqual(notFound);
  });

  it('no Origin header: 400 "origin missing" (1.7 answers it without a code)', async () => {
    const { authenticator } = await registered(server);
    const client = server.client();
    const options = await authenticateOptions(client);
    const assertion = await authenticator.authenticate(options, { origin: server.url });
    // Without cookies the router lets a request without Origin through; the route still refuses it.
    client.jar.cookies.clear();
    const response = await client.post(
      '/passkey/verify-authentication',
      { response: assertion },
      { noOrigin: true },
    );
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'PASSKEY_ORIGIN_MISSING',
      message: 'origin missing',
    });
  });

  it('a banned user is refused like every sign-in: 403 BANNED_USER', async () => {
    const { authenticator, userId } = await registered(server);
    await server.database.db
      .updateTable('user')
      .set({ banned: 1, banReason: 'spam' } as never)
      .where('id', '=', userId)
      .execute();
    const { client, response } = await signInWithPasskey(server, authenticator);
    expect(await errorOf(response)).toEqual({
      status: 403,
      code: 'BANNED_USER',
      message:
        'You have been banned from this application. Please contact support if you believe this is an error.',
    });
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
  });
});

describe('passkey sign-in of a vanished user (sqlite)', () => {
  it('a passkey whose user is gone (an adopted table without its foreign key): 500 UNABLE_TO_CREATE_SESSION', async () => {
    const server = await startPasskeyServer('sqlite');
    try {
      const { authenticator, userId } = await registered(server);
      // Only a table written without the foreign key can keep such a row: switch it off to make one.
      await sql`pragma foreign_keys = OFF`.execute(server.database.db);
      await server.database.db.deleteFrom('user').where('id', '=', userId).execute();
      await sql`pragma foreign_keys = ON`.execute(server.database.db);
      const { client, response } = await signInWithPasskey(server, authenticator);
      expect(await errorOf(response)).toEqual({
        status: 500,
        code: 'UNABLE_TO_CREATE_SESSION',
        message: 'Unable to create session',
      });
      expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
