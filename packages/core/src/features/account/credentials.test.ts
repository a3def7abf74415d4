import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('change-password and verify-password (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  let n = 0;
  const signedUp = async () => {
    const client = server.client();
    const email = `cred${++n}@example.com`;
    await client.signUp(email, 'current password');
    return { client, email };
  };
  const signInWorks = async (email: string, password: string) =>
    (await server.client().post('/sign-in/email', { email, password })).status === 200;

  it('changes the password when the current one is right, keeping sessions', async () => {
    const { client, email } = await signedUp();
    const other = server.client();
    await other.signIn(email, 'current password');
    const response = await client.post('/change-password', {
      currentPassword: 'current password',
      newPassword: 'next password',
    });
    const body = await response.json();
    expect(body).toMatchObject({ token: null, user: { email } });
    expect(await signInWorks(email, 'next password')).toBe(true);
    expect(await signInWorks(email, 'current password')).toBe(false);
    expect(await (await other.get('/get-session')).json()).not.toBeNull();
  });

  it('with revokeOtherSessions ends every other session and moves this device to a new one', async () => {
    const { client, email } = await signedUp();
    const oldToken = client.jar.get('better-auth.session_token');
    const other = server.client();
    await other.signIn(email, 'current password');
    const response = await client.post('/change-password', {
      currentPassword: 'current password',
      newPassword: 'next password',
      revokeOtherSessions: true,
    });
    const body = await response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(client.jar.get('better-auth.session_token')).not.toBe(oldToken);
    expect((await (await client.get('/get-session')).json()).session.token).toBe(body.token);
    expect(await (await other.get('/get-session')).json()).toBeNull();
  });

  it('answers 400 INVALID_PASSWORD for a wrong current password and changes nothing', async () => {
    const { client, email } = await signedUp();
    const response = await client.post('/change-password', {
      currentPassword: 'wrong password',
      newPassword: 'next password',
    });
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'INVALID_PASSWORD',
      message: 'Invalid password',
    });
    expect(await signInWorks(email, 'current password')).toBe(true);
  });

  it('checks the new password length first', async () => {
    const { client } = await signedUp();
    expect(
      (
        await errorOf(
          await client.post('/change-password', {
            currentPassword: 'current password',
            newPassword: 'short',
          }),
        )
      ).code,
    ).toBe('PASSWORD_TOO_SHORT');
    expect(
      (
        await errorOf(
          await client.post('/change-password', {
            currentPassword: 'current password',
            newPassword: 'n'.repeat(129),
          }),
        )
      ).code,
    ).toBe('PASSWORD_TOO_LONG');
    expect(
      (
        await errorOf(
          await client.post('/change-password', {
            currentPassword: 'c'.repeat(129),
            newPassword: 'next password',
          }),
        )
      ).code,
    ).toBe('PASSWORD_TOO_LONG');
  });

  it('answers 400 CREDENTIAL_ACCOUNT_NOT_FOUND for a user without a password', async () => {
    const { client, email } = await signedUp();
    await server.database.db
      .deleteFrom('account')
      .where('providerId', '=', 'credential')
      .where('accountId', 'in', server.database.db.selectFrom('user').select('id').where('email', '=', email))
      .execute();
    const response = await client.post('/change-password', {
      currentPassword: 'current password',
      newPassword: 'next password',
    });
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'CREDENTIAL_ACCOUNT_NOT_FOUND',
      message: 'Credential account not found',
    });
    expect(await errorOf(await client.post('/verify-password', { password: 'current password' }))).toEqual({
      status: 400,
      code: 'INVALID_PASSWORD',
      message: 'Invalid password',
    });
  });

  it('needs a session (401) and valid input (400)', async () => {
    expect(
      (await server.client().post('/change-password', { currentPassword: 'a', newPassword: 'b' })).status,
    ).toBe(401);
    const { client } = await signedUp();
    expect(
      (await errorOf(await client.post('/change-password', { newPassword: 'next password' }))).code,
    ).toBe('VALIDATION_ERROR');
    expect(
      (
        await errorOf(
          await client.post('/change-password', {
            currentPassword: 'current password',
            newPassword: 'next password',
            revokeOtherSessions: 'yes',
          }),
        )
      ).code,
    ).toBe('VALIDATION_ERROR');
  });

  it('verify-password answers {status: true} for the right password and 400 INVALID_PASSWORD otherwise', async () => {
    const { client } = await signedUp();
    expect(await (await client.post('/verify-password', { password: 'current password' })).json()).toEqual({
      status: true,
    });
    expect(await errorOf(await client.post('/verify-password', { password: 'nope' }))).toEqual({
      status: 400,
      code: 'INVALID_PASSWORD',
      message: 'Invalid password',
    });
    expect((await errorOf(await client.post('/verify-password', { password: 'p'.repeat(129) }))).code).toBe(
      'PASSWORD_TOO_LONG',
    );
    expect((await errorOf(await client.post('/verify-password', {}))).code).toBe('VALIDATION_ERROR');
    expect((await server.client().post('/verify-password', { password: 'x' })).status).toBe(401);
  });
});
