import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import {
  CEREMONY_COOKIE,
  freshEmail,
  PASSWORD,
  passkeyRows,
  register,
  registered,
  registerOptions,
  SESSION_COOKIE,
  startPasskeyServer,
} from './test-kit.ts';

describe.each(testDialects())('passkey registration (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startPasskeyServer(dialect);
  });
  afterAll(() => server.close());

  it('generate-register-options answers the creation options and sets the challenge cookie', async () => {
    const client = server.client();
    const email = freshEmail();
    await client.signUp(email, PASSWORD);
    const response = await client.get('/passkey/generate-register-options?authenticatorAttachment=platform');
    expect(response.status).toBe(200);
    const options = await response.json();
    expect(options).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      rp: { name: 'Gatehouse Test', id: '127.0.0.1' },
      user: { id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), name: email, displayName: email },
      pubKeyCredParams: [
        { alg: -8, type: 'public-key' },
        { alg: -7, type: 'public-key' },
        { alg: -257, type: 'public-key' },
      ],
      timeout: 60000,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: {
        residentKey: 'preferred',
        userVerification: 'preferred',
        authenticatorAttachment: 'platform',
        requireResidentKey: false,
      },
      extensions: { credProps: true },
      hints: [],
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${CEREMONY_COOKIE}=`));
    expect(cookie).toMatch(/Max-Age=300; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it('verify-registration stores the passkey and answers its row', async () => {
    const authenticator = new SoftwareAuthenticator({ aaguid: 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd' });
    const { userId, passkey, client } = await registered(server, authenticator);
    expect(passkey).toEqual({
      id: expect.any(String),
      name: 'My laptop',
      publicKey: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      userId,
      credentialID: [...authenticator.credentials.keys()][0],
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: 'internal',
      createdAt: new Date(server.clock.now()).toISOString(),
      aaguid: 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd',
      lastUsedAt: null,
    });
    expect(await passkeyRows(server, userId)).toHaveLength(1);
    // The next options exclude it, so the authenticator refuses to register twice.
    const options = await registerOptions(client);
    expect(options.excludeCredentials).toEqual([
      { id: passkey.credentialID, type: 'public-key', transports: ['internal'] },
    ]);
    await expect(authenticator.register(options, { origin: server.url })).rejects.toThrow(
      'previously registered',
    );
  });

  it('a synced passkey is multiDevice and backed up; no name stores null', async () => {
    const client = server.client();
    const { user } = await client.signUp(freshEmail(), PASSWORD);
    const synced = new SoftwareAuthenticator({ synced: true, transports: ['hybrid', 'internal'] });
    const response = await register(server, client, synced);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: null,
      userId: user.id,
      deviceType: 'multiDevice',
      backedUp: true,
      transports: 'hybrid,internal',
    });
  });

  it('createSession: true also answers a new session and the user, with cookies', async () => {
    const client = server.client();
    const { user, token } = await client.signUp(freshEmail(), PASSWORD);
    const response = await register(server, client, new SoftwareAuthenticator(), { createSession: true });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ userId: user.id, session: { userId: user.id }, user: { id: user.id } });
    expect(body.session.token).not.toBe(token);
    expect(client.jar.get(SESSION_COOKIE)).toContain(body.session.token);
  });

  it('without a session: 401 on both calls', async () => {
    const client = server.client();
    expect(await errorOf(await client.get('/passkey/generate-register-options'))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
    expect(await errorOf(await client.post('/passkey/verify-registration', { response: {} }))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
  });

  it('a session that is not fresh: 403 SESSION_NOT_FRESH on both calls', async () => {
    const stale = { status: 403, code: 'SESSION_NOT_FRESH', message: 'Session is not fresh' };
    const post = server.client();
    const get = server.client();
    await post.signUp(freshEmail(), PASSWORD);
    await get.signUp(freshEmail(), PASSWORD);
    const options = await registerOptions(post);
    const response = await new SoftwareAuthenticator().register(options, { origin: server.url });
    server.clock.advance(86_401);
    try {
      // One call each: a read past the update age extends the session, which makes it fresh again.
      expect(await errorOf(await post.post('/passkey/verify-registration', { response }))).toEqual(stale);
      expect(await errorOf(await get.get('/passkey/generate-register-options'))).toEqual(stale);
    } finally {
      server.clock.advance(-86_401);
    }
  });

  it('no ceremony, a consumed one or an authentication one: 400 CHALLENGE_NOT_FOUND', async () => {
    const client = server.client();
    const { user } = await client.signUp(freshEmail(), PASSWORD);
    const notFound = { status: 400, code: 'CHALLENGE_NOT_FOUND', message: 'Challenge not found' };
    const authenticator = new SoftwareAuthenticator();
    expect(await errorOf(await client.post('/passkey/verify-registration', { response: {} }))).toEqual(
      notFound,
    );
    const options = await registerOptions(client);
    const ceremonyCookie = client.jar.get(CEREMONY_COOKIE) ?? '';
    const response = await authenticator.register(options, { origin: server.url });
    expect((await client.post('/passkey/verify-registration', { response })).status).toBe(200);
    // The cookie was expired with the ceremony (D14); a replayed one finds no row either.
    expect(client.jar.get(CEREMONY_COOKIE)).toBeUndefined();
    client.jar.cookies.set(CEREMONY_COOKIE, ceremonyCookie);
    expect(await errorOf(await client.post('/passkey/verify-registration', { response }))).toEqual(notFound);
    // An authentication ceremony does not register.
    await client.get('/passkey/generate-authenticate-options');
    expect(await errorOf(await client.post('/passkey/verify-registration', { response }))).toEqual(notFound);
    expect(await passkeyRows(server, user.id)).toHaveLength(1);
  });

  it("another user's ceremony: 401 YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY", async () => {
    const alice = server.client();
    await alice.signUp(freshEmail(), PASSWORD);
    const options = await registerOptions(alice);
    const response = await new SoftwareAuthenticator().register(options, { origin: server.url });
    const bob = server.client();
    const { user: bobUser } = await bob.signUp(freshEmail(), PASSWORD);
    // Bob's browser carries Alice's ceremony cookie.
    bob.jar.cookies.set(CEREMONY_COOKIE, alice.jar.get(CEREMONY_COOKIE) ?? '');
    expect(await errorOf(await bob.post('/passkey/verify-registration', { response }))).toEqual({
      status: 401,
      code: 'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
      message: 'You are not allowed to register this passkey',
    });
    expect(await passkeyRows(server, bobUser.id)).toHaveLength(0);
  });

  it('no Origin header: the router refuses first (403 MISSING_OR_NULL_ORIGIN), the ceremony survives', async () => {
    const client = server.client();
    const { user } = await client.signUp(freshEmail(), PASSWORD);
    const options = await registerOptions(client);
    const response = await new SoftwareAuthenticator().register(options, { origin: server.url });
    const refused = await client.post('/passkey/verify-registration', { response }, { noOrigin: true });
    expect(await errorOf(refused)).toEqual({
      status: 403,
      code: 'MISSING_OR_NULL_ORIGIN',
      message: 'Missing or null Origin',
    });
    expect(await passkeyRows(server, user.id)).toHaveLength(0);
    expect((await client.post('/passkey/verify-registration', { response })).status).toBe(200);
  });

  it('a wrong challenge, rpID or type: 400 FAILED_TO_VERIFY_REGISTRATION, nothing stored', async () => {
    const client = server.client();
    const { user } = await client.signUp(freshEmail(), PASSWORD);
    const failed = {
      status: 400,
      code: 'FAILED_TO_VERIFY_REGISTRATION',
      message: 'Failed to verify registration',
    };
    for (const gesture of [{ challenge: 'AAAA' }, { rpId: 'evil.example' }, { type: 'webauthn.get' }]) {
      const response = await register(server, client, new SoftwareAuthenticator(), {}, gesture);
      expect(await errorOf(response)).toEqual(failed);
    }
    expect(await passkeyRows(server, user.id)).toHaveLength(0);
  });
});
