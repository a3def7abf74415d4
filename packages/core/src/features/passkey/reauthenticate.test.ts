import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import type { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { authenticateOptions, PASSWORD, registered, startPasskeyServer } from './test-kit.ts';

const notFresh = { status: 403, code: 'SESSION_NOT_FRESH', message: 'Session is not fresh' };

describe.each(testDialects())('POST /passkey/reauthenticate (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // Fresh for an hour, extended after a day: two hours on, a session is stale and stays so.
    server = await startPasskeyServer(dialect, {
      session: { freshAge: 3600 },
      mailer: new CaptureMailer(),
      twoFactor: { enabled: true },
    });
  });
  afterAll(() => server.close());

  async function stepUp(client: TestClient, authenticator: SoftwareAuthenticator, userVerified = true) {
    const options = await authenticateOptions(client);
    const response = await authenticator.authenticate(options, { origin: server.url, userVerified });
    return client.post('/passkey/reauthenticate', { response });
  }

  it('an assertion by one of the session user’s passkeys makes the current session fresh again', async () => {
    const { client, authenticator, userId } = await registered(server);
    const token = (await (await client.get('/get-session')).json()).session.token;
    server.clock.advance(7200);
    expect(await errorOf(await client.get('/passkey/generate-register-options'))).toEqual(notFresh);
    const response = await stepUp(client, authenticator);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ session: { token, userId }, user: { id: userId } });
    expect(body.session.updatedAt).toBe(new Date(server.clock.now()).toISOString());
    expect((await client.get('/passkey/generate-register-options')).status).toBe(200);
    // The same session, not a new one.
    expect((await (await client.get('/get-session')).json()).session.token).toBe(token);
  });

  it('refusals: 401 without a session, another user’s passkey, a forged signature; 400 no ceremony', async () => {
    const alice = await registered(server);
    const bob = await registered(server);
    server.clock.advance(7200);
    const before = await snapshotDatabase(server.database);
    expect(await errorOf(await server.client().post('/passkey/reauthenticate', { response: {} }))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
    expect(await errorOf(await bob.client.post('/passkey/reauthenticate', { response: {} }))).toEqual({
      status: 400,
      code: 'CHALLENGE_NOT_FOUND',
      message: 'Challenge not found',
    });
    const options = await authenticateOptions(bob.client);
    const foreign = await alice.authenticator.authenticate(
      { ...options, allowCredentials: [] },
      { origin: server.url },
    );
    expect(await errorOf(await bob.client.post('/passkey/reauthenticate', { response: foreign }))).toEqual({
      status: 401,
      code: 'PASSKEY_OF_ANOTHER_USER',
      message: 'This passkey belongs to another account',
    });
    const next = await authenticateOptions(bob.client);
    const forged = await bob.authenticator.authenticate(next, { origin: server.url, tamperSignature: true });
    expect(await errorOf(await bob.client.post('/passkey/reauthenticate', { response: forged }))).toEqual({
      status: 401,
      code: 'AUTHENTICATION_FAILED',
      message: 'Authentication failed',
    });
    expect(await errorOf(await bob.client.get('/passkey/generate-register-options'))).toEqual(notFresh);
    // Alice's passkey counter moved (the assertion verified); nothing else changed.
    const after = JSON.parse(await snapshotDatabase(server.database));
    const expected = JSON.parse(before);
    expect(after.session).toEqual(expected.session);
    expect(after.user).toEqual(expected.user);
  });

  it('with two-factor on, a passkey that did not verify the person is not enough: 401 USER_VERIFICATION_REQUIRED', async () => {
    const { client, authenticator } = await registered(server);
    expect((await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' })).status).toBe(200);
    server.clock.advance(7200);
    expect(await errorOf(await stepUp(client, authenticator, false))).toEqual({
      status: 401,
      code: 'USER_VERIFICATION_REQUIRED',
      message: 'This passkey did not verify you: use one that asks for your PIN, fingerprint or face',
    });
    expect(await errorOf(await client.get('/passkey/generate-register-options'))).toEqual(notFresh);
    expect((await stepUp(client, authenticator, true)).status).toBe(200);
    expect((await client.get('/passkey/generate-register-options')).status).toBe(200);
  });

  it('bad input: 400 and nothing changes', async () => {
    const { client } = await registered(server);
    const before = await snapshotDatabase(server.database);
    for (const body of [{}, { response: 'x' }, { response: null }, { response: [1] }]) {
      expect((await client.post('/passkey/reauthenticate', body)).status).toBe(400);
    }
    const raw = await client.post('/passkey/reauthenticate', undefined, {
      raw: '{"response"',
      headers: { 'content-type': 'application/json' },
    });
    expect(await errorOf(raw)).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid JSON in request body',
    });
    expect(await snapshotDatabase(server.database)).toBe(before);
  });
});
