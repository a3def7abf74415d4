import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { passkeyRows, register, registered, startPasskeyServer } from './test-kit.ts';

const unauthorized = { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };
const notFound = { status: 404, code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' };
const notOwner = {
  status: 401,
  code: 'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
  message: 'You are not allowed to register this passkey',
};

describe.each(testDialects())('managing passkeys (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startPasskeyServer(dialect);
  });
  afterAll(() => server.close());

  it('list-user-passkeys: the caller’s passkeys, oldest first; [] when none; 401 without a session', async () => {
    const { client, passkey, authenticator } = await registered(server);
    server.clock.advance(1);
    const second = await (
      await register(server, client, new SoftwareAuthenticator(), { name: 'Key' })
    ).json();
    const list = await client.get('/passkey/list-user-passkeys');
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([passkey, second]);
    const other = server.client();
    await other.signUp(`none-${Date.now()}@example.com`);
    expect(await (await other.get('/passkey/list-user-passkeys')).json()).toEqual([]);
    expect(await errorOf(await server.client().get('/passkey/list-user-passkeys'))).toEqual(unauthorized);
    expect(authenticator.credentials.size).toBe(1);
  });

  it('update-passkey renames (trimmed) and answers the row', async () => {
    const { client, passkey } = await registered(server);
    const response = await client.post('/passkey/update-passkey', { id: passkey.id, name: '  Work phone ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ passkey: { ...passkey, name: 'Work phone' } });
  });

  it('update-passkey errors: 401, 404, another user’s 401, blank name 400; nothing changes', async () => {
    const { client, passkey } = await registered(server);
    const { client: other } = await registered(server);
    const before = await snapshotDatabase(server.database);
    expect(
      await errorOf(await server.client().post('/passkey/update-passkey', { id: passkey.id, name: 'x' })),
    ).toEqual(unauthorized);
    expect(await errorOf(await client.post('/passkey/update-passkey', { id: 'nope', name: 'x' }))).toEqual(
      notFound,
    );
    expect(await errorOf(await other.post('/passkey/update-passkey', { id: passkey.id, name: 'x' }))).toEqual(
      notOwner,
    );
    const blank = await client.post('/passkey/update-passkey', { id: passkey.id, name: '   ' });
    expect(await errorOf(blank)).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
    });
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('delete-passkey deletes the caller’s passkey', async () => {
    const { client, passkey, userId } = await registered(server);
    const response = await client.post('/passkey/delete-passkey', { id: passkey.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    expect(await passkeyRows(server, userId)).toEqual([]);
  });

  it('delete-passkey errors: 401, empty id, 404, another user’s 401 with a body; nothing changes', async () => {
    const { client, passkey } = await registered(server);
    const { client: other } = await registered(server);
    const before = await snapshotDatabase(server.database);
    expect(await errorOf(await server.client().post('/passkey/delete-passkey', { id: passkey.id }))).toEqual(
      unauthorized,
    );
    expect(await errorOf(await client.post('/passkey/delete-passkey', { id: '' }))).toEqual({
      status: 400,
      code: 'MISSING_REQUIRED_PARAMETER',
      message: 'Missing required parameter: id',
    });
    expect(await errorOf(await client.post('/passkey/delete-passkey', { id: 'nope' }))).toEqual(notFound);
    expect(await errorOf(await other.post('/passkey/delete-passkey', { id: passkey.id }))).toEqual(notOwner);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('bad input on every route: 400 and nothing changes', async () => {
    const { client, passkey } = await registered(server);
    await client.get('/passkey/generate-authenticate-options');
    const before = await snapshotDatabase(server.database);
    const cases: [string, unknown][] = [
      ['/passkey/verify-registration', {}],
      ['/passkey/verify-registration', { response: 'x' }],
      ['/passkey/verify-registration', { response: [] }],
      ['/passkey/verify-registration', { response: {}, name: 42 }],
      ['/passkey/verify-registration', { response: {}, name: 'x'.repeat(257) }],
      ['/passkey/verify-registration', { response: {}, name: 'a\u0000b' }],
      ['/passkey/verify-registration', { response: {}, createSession: 'yes' }],
      ['/passkey/verify-authentication', {}],
      ['/passkey/verify-authentication', { response: null }],
      ['/passkey/verify-authentication', { response: 7 }],
      ['/passkey/delete-passkey', {}],
      ['/passkey/delete-passkey', { id: 5 }],
      ['/passkey/delete-passkey', { id: 'x'.repeat(257) }],
      ['/passkey/update-passkey', { id: passkey.id }],
      ['/passkey/update-passkey', { id: passkey.id, name: 'x'.repeat(257) }],
      ['/passkey/update-passkey', { id: passkey.id, name: 'a\nb' }],
      ['/passkey/update-passkey', { id: passkey.id, name: 'a\u0000b' }],
      ['/passkey/update-passkey', { id: [passkey.id], name: 'x' }],
    ];
    for (const [path, body] of cases) {
      const response = await client.post(path, body);
      expect({ path, body, status: response.status }).toEqual({ path, body, status: 400 });
    }
    for (const path of [
      '/passkey/verify-registration',
      '/passkey/verify-authentication',
      '/passkey/update-passkey',
    ]) {
      const response = await client.post(path, undefined, {
        raw: '{"response": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(await errorOf(response)).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Invalid JSON in request body',
      });
    }
    for (const query of ['?authenticatorAttachment=usb', `?name=${'x'.repeat(257)}`, '?name=a%00b']) {
      const response = await client.get(`/passkey/generate-register-options${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('a malformed response (verify-registration: 400, D13; verify-authentication: 400) registers and signs in nobody', async () => {
    const { client, userId } = await registered(server);
    const malformed = [{ id: 'x' }, { id: 'x', response: { clientDataJSON: '!!', attestationObject: 'AA' } }];
    for (const response of malformed) {
      await client.get('/passkey/generate-register-options');
      expect(await errorOf(await client.post('/passkey/verify-registration', { response }))).toEqual({
        status: 400,
        code: 'FAILED_TO_VERIFY_REGISTRATION',
        message: 'Failed to verify registration',
      });
    }
    expect(await passkeyRows(server, userId)).toHaveLength(1);
  });
});
