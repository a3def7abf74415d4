import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('POST /delete-user (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { user: { deleteUser: { enabled: true } } });
  });
  afterAll(() => server.close());

  let n = 0;
  const signedUp = async () => {
    const client = server.client();
    const { user } = await client.signUp(`leaving${++n}@example.com`, 'my password 1');
    return { client, id: user.id };
  };
  const exists = async (id: string) =>
    (await server.database.db.selectFrom('user').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  it('deletes the account with the right password, with its sessions and accounts, and clears cookies', async () => {
    const { client, id } = await signedUp();
    const response = await client.post('/delete-user', { password: 'my password 1' });
    expect(await response.json()).toEqual({ success: true, message: 'User deleted' });
    expect(response.headers.getSetCookie()[0]).toContain('better-auth.session_token=; Max-Age=0');
    expect(await exists(id)).toBe(false);
    const sessions = await server.database.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', id)
      .execute();
    const accounts = await server.database.db
      .selectFrom('account')
      .select('id')
      .where('userId', '=', id)
      .execute();
    expect([sessions.length, accounts.length]).toEqual([0, 0]);
    expect(await (await client.get('/get-session')).json()).toBeNull();
  });

  it('answers 400 INVALID_PASSWORD for a wrong password and keeps the account', async () => {
    const { client, id } = await signedUp();
    expect(await errorOf(await client.post('/delete-user', { password: 'wrong' }))).toEqual({
      status: 400,
      code: 'INVALID_PASSWORD',
      message: 'Invalid password',
    });
    expect(await exists(id)).toBe(true);
  });

  it('never deletes a password account without its password (400 USER_ALREADY_HAS_PASSWORD)', async () => {
    const { client, id } = await signedUp();
    expect(await errorOf(await client.post('/delete-user', {}))).toEqual({
      status: 400,
      code: 'USER_ALREADY_HAS_PASSWORD',
      message: 'User already has a password. Provide that to delete the account.',
    });
    expect(await exists(id)).toBe(true);
  });

  it('an account without a password needs a fresh session: 400 SESSION_EXPIRED once it is not', async () => {
    const { client, id } = await signedUp();
    await server.database.db.deleteFrom('account').where('userId', '=', id).execute();
    server.clock.advance(86_400 + 1);
    // Read without refreshing, so the session stays as old as it is.
    expect(await errorOf(await client.post('/delete-user', {}))).toEqual({
      status: 400,
      code: 'SESSION_EXPIRED',
      message: 'Session expired. Re-authenticate to perform this action.',
    });
    expect(await exists(id)).toBe(true);
    const fresh = server.client();
    const { user } = await fresh.signUp(`fresh${n}@example.com`);
    await server.database.db.deleteFrom('account').where('userId', '=', user.id).execute();
    expect(await (await fresh.post('/delete-user', {})).json()).toEqual({
      success: true,
      message: 'User deleted',
    });
  });

  it('answers 400 CREDENTIAL_ACCOUNT_NOT_FOUND for a password when the user has none', async () => {
    const { client, id } = await signedUp();
    await server.database.db.deleteFrom('account').where('userId', '=', id).execute();
    expect((await errorOf(await client.post('/delete-user', { password: 'my password 1' }))).code).toBe(
      'CREDENTIAL_ACCOUNT_NOT_FOUND',
    );
  });

  it('needs a session and valid input', async () => {
    expect((await server.client().post('/delete-user', { password: 'x' })).status).toBe(401);
    const { client } = await signedUp();
    expect((await errorOf(await client.post('/delete-user', { password: 5 }))).code).toBe('VALIDATION_ERROR');
    expect((await errorOf(await client.post('/delete-user', { password: 'p'.repeat(129) }))).code).toBe(
      'PASSWORD_TOO_LONG',
    );
  });
});

describe('account deletion by emailed confirmation', () => {
  const mailer = new CaptureMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      mailer,
      user: { deleteUser: { enabled: true, sendVerificationEmail: true } },
    });
  });
  afterAll(() => server.close());

  it('sends a link; opening it while signed in deletes the account and redirects', async () => {
    const client = server.client();
    const { user } = await client.signUp('bye@example.com');
    expect(await (await client.post('/delete-user', { callbackURL: '/goodbye' })).json()).toEqual({
      success: true,
      message: 'Verification email sent',
    });
    const link = mailer.lastPath('bye@example.com', 'account-deletion');
    expect(link).toMatch(/^\/delete-user\/callback\?token=[0-9a-z]{32}&callbackURL=%2Fgoodbye$/);
    const response = await client.get(link);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/goodbye');
    expect(
      await server.database.db.selectFrom('user').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('the link works only for its own account, only once, and only while signed in', async () => {
    const owner = server.client();
    await owner.signUp('owner@example.com');
    await owner.post('/delete-user', {});
    const link = mailer.lastPath('owner@example.com', 'account-deletion').replace(/&callbackURL=[^&]*/, '');
    expect(await errorOf(await server.client().get(link))).toEqual({
      status: 404,
      code: 'FAILED_TO_GET_USER_INFO',
      message: 'Failed to get user info',
    });
    const other = server.client();
    await other.signUp('other-owner@example.com');
    expect(await errorOf(await other.get(link))).toEqual({
      status: 404,
      code: 'INVALID_TOKEN',
      message: 'Invalid token',
    });
    expect(await (await owner.get(link)).json()).toEqual({ success: true, message: 'User deleted' });
    const again = server.client();
    await again.signUp('owner@example.com');
    expect((await errorOf(await again.get(link))).code).toBe('INVALID_TOKEN');
  });

  it('a token in the body deletes the account once', async () => {
    const client = server.client();
    await client.signUp('token@example.com');
    await client.post('/delete-user', {});
    const token = present(new URL(mailer.last('token@example.com').link).searchParams.get('token'));
    expect(await (await client.post('/delete-user', { token })).json()).toEqual({
      success: true,
      message: 'User deleted',
    });
  });

  it('a deletion link is refused after it expires', async () => {
    const client = server.client();
    await client.signUp('expires@example.com');
    await client.post('/delete-user', {});
    const token = present(new URL(mailer.last('expires@example.com').link).searchParams.get('token'));
    server.clock.advance(86_401);
    await client.get('/get-session?disableRefresh=true');
    expect((await errorOf(await client.post('/delete-user', { token }))).code).toBe('INVALID_TOKEN');
  });
});

describe('account deletion switched off', () => {
  it('answers 404 at both routes', async () => {
    const server = await startTestServer();
    const client = server.client();
    await client.signUp('stay@example.com');
    expect((await client.post('/delete-user', { password: 'correct horse battery' })).status).toBe(404);
    expect((await client.get('/delete-user/callback?token=x')).status).toBe(404);
    await server.close();
  });
});
