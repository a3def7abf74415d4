import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { signedInUser, startAdminServer } from './test-kit.ts';

/** Registers a passkey for a signed-in client through the real ceremony; returns its row. */
async function addPasskey(server: TestServer, client: TestClient, name: string) {
  const options = await (await client.get('/passkey/generate-register-options')).json();
  const response = await new SoftwareAuthenticator().register(options, { origin: server.url });
  const verified = await client.post('/passkey/verify-registration', { response, name });
  expect(verified.status).toBe(200);
  return verified.json();
}

describe.each(testDialects())('GET /admin/list-user-passkeys (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAdminServer(dialect, {}, { passkey: {} });
  });
  afterAll(() => server.close());

  it('answers the user’s passkeys in the list-user-passkeys row shape', async () => {
    const admin = await signedInUser(server, { role: 'admin' });
    const user = await signedInUser(server);
    const first = await addPasskey(server, user.client, 'Laptop');
    server.clock.advance(1);
    const second = await addPasskey(server, user.client, 'Phone');
    const own = await (await user.client.get('/passkey/list-user-passkeys')).json();
    const response = await admin.client.get(`/admin/list-user-passkeys?userId=${user.id}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual([first, second]);
    expect(body).toEqual(own);
    expect(await (await admin.client.get(`/admin/list-user-passkeys?userId=${admin.id}`)).json()).toEqual([]);
  });

  it('refuses: 401 without a session, 403 without the permission, 404 unknown user, 400 bad query', async () => {
    const user = await signedInUser(server);
    const admin = await signedInUser(server, { role: 'admin' });
    expect(await errorOf(await server.client().get(`/admin/list-user-passkeys?userId=${user.id}`))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
    expect(await errorOf(await user.client.get(`/admin/list-user-passkeys?userId=${admin.id}`))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_GET_USER',
      message: 'You are not allowed to get user',
    });
    expect(await errorOf(await admin.client.get('/admin/list-user-passkeys?userId=nobody'))).toEqual({
      status: 404,
      code: 'USER_NOT_FOUND',
      message: 'User not found',
    });
    for (const query of ['', '?userId=', `?userId=${'x'.repeat(257)}`, '?userId=a%0Ab']) {
      const response = await admin.client.get(`/admin/list-user-passkeys${query}`);
      expect({ query, ...(await errorOf(response)) }).toMatchObject({
        query,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('is 404 when passkeys are off', async () => {
    const off = await startAdminServer(dialect);
    try {
      const admin = await signedInUser(off, { role: 'admin' });
      expect(await errorOf(await admin.client.get(`/admin/list-user-passkeys?userId=${admin.id}`))).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: 'Not Found',
      });
    } finally {
      await off.close();
    }
  });
});
