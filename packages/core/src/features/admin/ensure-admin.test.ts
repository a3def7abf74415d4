import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { addSquattedCredentials } from '../../testing/squatted-credentials.ts';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { ensureAdmin } from './ensure-admin.ts';

const NEW_PASSWORD = 'the operator password 1';

/** `create-admin` at the engine (README.md): an address nobody proved is never promoted as it is. */
describe.each(testDialects())('ensureAdmin and operator.createAdmin (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      admin: { enabled: true },
      session: { cookieCache: { enabled: true, maxAge: 300 } },
    });
  });
  afterAll(() => server.close());

  const operator = () => present(server.auth.operator);
  const userRow = (email: string) =>
    server.database.db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const countOf = async (table: 'session' | 'passkey' | 'twoFactor' | 'account', userId: string) =>
    (await server.database.db.selectFrom(table).select('userId').where('userId', '=', userId).execute())
      .length;
  const sessionOf = async (client: TestClient) => (await client.get('/get-session')).json();

  /** Someone registers the address first, unverified, and adds a passkey, two-factor and GitHub. */
  async function squat(email: string) {
    const squatter = server.client();
    const { user } = await squatter.signUp(email, 'squatter password 1');
    await addSquattedCredentials(server, user.id);
    // The answer sits in the squatter's cookie cache from here on.
    expect((await sessionOf(squatter)).user.email).toBe(email);
    expect((await squatter.get('/admin/list-users')).status).toBe(403);
    return { squatter, userId: user.id };
  }

  it('refuses an account whose address was never verified, and changes nothing', async () => {
    const { squatter, userId } = await squat('squatted@example.com');
    const before = await userRow('squatted@example.com');

    const result = await operator().createAdmin({ email: 'Squatted@example.com', password: NEW_PASSWORD });

    expect(result).toEqual({ outcome: 'unverified', created: false, userId });
    expect(await userRow('squatted@example.com')).toEqual(before);
    expect((await squatter.get('/admin/list-users')).status).toBe(403);
    expect(await countOf('session', userId)).toBe(1);
    expect(await countOf('passkey', userId)).toBe(1);
    // The database-level function refuses alike.
    expect(
      await ensureAdmin(server.database, { email: 'squatted@example.com', password: NEW_PASSWORD }),
    ).toEqual(result);
    await server.client().signIn('squatted@example.com', 'squatter password 1');
  });

  it('takeOver ends every session (cookie caches too) and removes every credential before promoting', async () => {
    const { squatter, userId } = await squat('claimed@example.com');
    await server.client().signIn('claimed@example.com', 'squatter password 1');

    const result = await operator().createAdmin({
      email: 'claimed@example.com',
      password: NEW_PASSWORD,
      name: 'Operator',
      takeOver: true,
    });

    expect(result).toEqual({
      outcome: 'taken-over',
      created: false,
      userId,
      removed: { sessions: 2, passkeys: 1, twoFactor: true, socialAccounts: ['github'] },
    });
    expect(await sessionOf(squatter)).toBeNull();
    expect((await squatter.get('/admin/list-users')).status).toBe(401);
    for (const table of ['session', 'passkey', 'twoFactor'] as const)
      expect(await countOf(table, userId)).toBe(0);
    expect(
      await server.database.db
        .selectFrom('account')
        .select('providerId')
        .where('userId', '=', userId)
        .execute(),
    ).toEqual([{ providerId: 'credential' }]);
    const row = await userRow('claimed@example.com');
    expect(row).toMatchObject({ name: 'Operator', role: 'admin' });
    expect(Boolean(row.emailVerified)).toBe(true);
    const squatterAgain = await server
      .client()
      .post('/sign-in/email', { email: 'claimed@example.com', password: 'squatter password 1' });
    expect(squatterAgain.status).toBe(401);
    const admin = server.client();
    await admin.signIn('claimed@example.com', NEW_PASSWORD);
    expect((await admin.get('/admin/list-users')).status).toBe(200);
  });

  it('takeOver without a password removes the squatter’s and returns a generated one', async () => {
    const { userId } = await squat('no-password@example.com');
    const result = await operator().createAdmin({ email: 'no-password@example.com', takeOver: true });
    expect(result).toMatchObject({
      outcome: 'taken-over',
      generatedPassword: expect.stringMatching(/^\w{24}$/),
    });
    expect(await countOf('account', userId)).toBe(1);
    const generated = (result as { generatedPassword: string }).generatedPassword;
    await server.client().signIn('no-password@example.com', generated);
  });

  it('a verified account: promoted; a given password ends its sessions, none keeps password and sessions', async () => {
    const owner = server.client();
    const { user } = await owner.signUp('verified@example.com', 'owner password 1');
    await server.database.db
      .updateTable('user')
      .set({ emailVerified: 1, role: 'editor' } as never)
      .where('id', '=', user.id)
      .execute();

    const kept = await operator().createAdmin({ email: 'verified@example.com' });
    expect(kept).toEqual({
      outcome: 'promoted',
      created: false,
      userId: user.id,
      passwordSet: false,
      sessionsEnded: 0,
    });
    expect(await userRow('verified@example.com')).toMatchObject({ role: 'editor,admin' });
    expect((await owner.get('/admin/list-users')).status).toBe(200);
    // The password stays what the owner chose.
    await server.client().signIn('verified@example.com', 'owner password 1');

    const replaced = await operator().createAdmin({ email: 'verified@example.com', password: NEW_PASSWORD });
    expect(replaced).toEqual({
      outcome: 'promoted',
      created: false,
      userId: user.id,
      passwordSet: true,
      sessionsEnded: 2,
    });
    expect(await sessionOf(owner)).toBeNull();
    await server.client().signIn('verified@example.com', NEW_PASSWORD);
  });

  it('creates a verified admin with a generated password when none is given', async () => {
    const result = await operator().createAdmin({ email: 'fresh-admin@example.com' });
    expect(result).toMatchObject({
      outcome: 'created',
      created: true,
      generatedPassword: expect.any(String),
    });
    const row = await userRow('fresh-admin@example.com');
    expect(row).toMatchObject({ role: 'admin', name: 'fresh-admin' });
    expect(Boolean(row.emailVerified)).toBe(true);
    const admin = server.client();
    await admin.signIn(
      'fresh-admin@example.com',
      (result as { generatedPassword: string }).generatedPassword,
    );
    expect((await admin.get('/admin/list-users')).status).toBe(200);
  });
});
