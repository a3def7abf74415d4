import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from '../../errors.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';

const PASSWORD = 'correct horse battery';

describe.each(testDialects())('operator actions, without an admin session (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // The cookie cache on: a revocation must reach cached reads too.
    server = await startTestServer(dialect, {
      admin: { enabled: true },
      session: { cookieCache: { enabled: true, maxAge: 300 } },
    });
  });
  afterAll(() => server.close());
  const operator = () => present(server.auth.operator);

  async function signedIn(email: string) {
    const client = server.client();
    const { user } = (await client.signUp(email, PASSWORD)) as { user: { id: string } };
    return { client, userId: user.id };
  }
  const sessionOf = async (client: ReturnType<TestServer['client']>) =>
    (await client.get('/get-session')).json();

  it('ban ends every session at once, cached reads included, and refuses sign-in until unbanned', async () => {
    const { client, userId } = await signedIn('banned@example.com');
    expect(await sessionOf(client)).not.toBeNull();
    await operator().banUser(userId, { reason: 'spam', expiresInSeconds: 3600 });
    expect(await sessionOf(client)).toBeNull();
    const refused = await server
      .client()
      .post('/sign-in/email', { email: 'banned@example.com', password: PASSWORD });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('BANNED_USER');
    await operator().unbanUser(userId);
    const again = await server
      .client()
      .post('/sign-in/email', { email: 'banned@example.com', password: PASSWORD });
    expect(again.status).toBe(200);
  });

  it('revokeSessions signs the user out everywhere and says how many sessions ended', async () => {
    const { client, userId } = await signedIn('revoked@example.com');
    const other = server.client();
    await other.signIn('revoked@example.com', PASSWORD);
    expect(await operator().revokeSessions(userId)).toBe(2);
    expect(await sessionOf(client)).toBeNull();
    expect(await sessionOf(other)).toBeNull();
    expect(await operator().revokeSessions(userId)).toBe(0);
  });

  it('removeUser deletes the user, who can no longer sign in', async () => {
    const { client, userId } = await signedIn('removed@example.com');
    await operator().removeUser(userId);
    expect(await sessionOf(client)).toBeNull();
    const refused = await server
      .client()
      .post('/sign-in/email', { email: 'removed@example.com', password: PASSWORD });
    expect(refused.status).toBe(401);
  });

  it('refuses an unknown user with 404 USER_NOT_FOUND', async () => {
    for (const action of [
      () => operator().banUser('no-such-id'),
      () => operator().unbanUser('no-such-id'),
      () => operator().removeUser('no-such-id'),
      () => operator().revokeSessions('no-such-id'),
    ]) {
      const error = await action().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({ code: 'USER_NOT_FOUND', status: 404 });
    }
  });

  it('is absent while the admin feature is off', async () => {
    const plain = await startTestServer(dialect);
    try {
      expect(plain.auth.operator).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
