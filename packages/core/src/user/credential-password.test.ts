import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_FIXTURES, type HashFixture } from '../passwords/fixtures/hash-fixtures.ts';
import { recognizePasswordHash } from '../passwords/recognize.ts';
import { CaptureMailer } from '../testing/capture-mailer.ts';
import { testPasswordHasher } from '../testing/cheap-password-hasher.ts';
import { testDialects } from '../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../testing/test-server.ts';
import { CREDENTIAL_PROVIDER } from './account.repository.ts';

// Rehash on the first success (docs/protocol/import.md#41-storage-and-sign-in-decision), through every route
// that checks a password, on a real server and database.

const SIGN_UP_PASSWORD = 'the password before the import';
const BETTER_AUTH_FORM = /^[0-9a-f]{32}:[0-9a-f]{128}$/;
const fixture = (expected: string) => {
  const found = HASH_FIXTURES.find((each) => each.expected === expected);
  if (!found) throw new Error(`no fixture of ${expected}`);
  return found;
};
const bcrypt = fixture('bcrypt');

describe.each(testDialects())('imported password hashes (%s)', (dialect) => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      mailer,
      twoFactor: { enabled: true },
      user: { deleteUser: { enabled: true, sendVerificationEmail: true } },
    });
  });
  afterAll(() => server.close());

  let counter = 0;
  /** A user signed up (their client keeps the session), whose password is then an imported hash. */
  async function importedUser(
    imported: HashFixture,
  ): Promise<{ client: TestClient; email: string; userId: string }> {
    const client = server.client();
    const email = `imported-${++counter}@example.com`;
    const { user } = await client.signUp(email, SIGN_UP_PASSWORD);
    const recognized = recognizePasswordHash({ value: imported.value, hasher: imported.hasher });
    if (!recognized.ok) throw new Error(recognized.message);
    await server.database.db
      .updateTable('account')
      .set({ password: recognized.stored })
      .where('userId', '=', user.id)
      .where('providerId', '=', CREDENTIAL_PROVIDER)
      .execute();
    // The rehash's updatedAt must be the request's time, not the import's.
    server.clock.advance(60);
    return { client, email, userId: user.id };
  }

  const credential = async (userId: string) => {
    const row = await server.database.db
      .selectFrom('account')
      .select(['password', 'updatedAt'])
      .where('userId', '=', userId)
      .where('providerId', '=', CREDENTIAL_PROVIDER)
      .executeTakeFirstOrThrow();
    return { password: row.password ?? '', updatedAt: new Date(row.updatedAt).getTime() };
  };

  /** The stored value is now the configured hasher's hash of `password`, written at the server's time. */
  async function expectRehashed(userId: string, password: string) {
    const after = await credential(userId);
    expect(after.password).toMatch(BETTER_AUTH_FORM);
    expect(await testPasswordHasher.verify({ hash: after.password, password })).toBe(true);
    expect(after.updatedAt).toBe(server.clock.now());
  }

  describe.each(HASH_FIXTURES)('POST /sign-in/email, $name', (imported) => {
    it('signs in with the right password, rehashes, and signs in again', async () => {
      const { email, userId } = await importedUser(imported);
      const response = await server.client().post('/sign-in/email', { email, password: imported.password });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ redirect: false, user: { id: userId, email } });
      await expectRehashed(userId, imported.password);
      const rehashed = await credential(userId);
      server.clock.advance(60);
      await server.client().signIn(email, imported.password);
      expect(await credential(userId)).toEqual(rehashed);
    });
  });

  it('POST /sign-in/email: a wrong password answers the usual 401 and changes nothing', async () => {
    const { email, userId } = await importedUser(bcrypt);
    const before = await credential(userId);
    for (const password of [`${bcrypt.password}!`, SIGN_UP_PASSWORD]) {
      const response = await server.client().post('/sign-in/email', { email, password });
      expect(await errorOf(response)).toEqual({
        status: 401,
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
      });
    }
    expect(await credential(userId)).toEqual(before);
  });

  const INVALID_PASSWORD = { status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' };

  it('POST /verify-password rehashes on the right password, and a wrong one changes nothing', async () => {
    const { client, userId } = await importedUser(fixture('argon2id'));
    const before = await credential(userId);
    expect(await errorOf(await client.post('/verify-password', { password: 'not it' }))).toEqual(
      INVALID_PASSWORD,
    );
    expect(await credential(userId)).toEqual(before);
    const response = await client.post('/verify-password', { password: fixture('argon2id').password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    await expectRehashed(userId, fixture('argon2id').password);
  });

  it('POST /change-password takes the imported hash as the current password; the new one is stored', async () => {
    const { client, email, userId } = await importedUser(fixture('pbkdf2_sha256_django'));
    const current = fixture('pbkdf2_sha256_django').password;
    const before = await credential(userId);
    const wrong = await client.post('/change-password', {
      currentPassword: 'not it',
      newPassword: 'a new password',
    });
    expect(await errorOf(wrong)).toEqual(INVALID_PASSWORD);
    expect(await credential(userId)).toEqual(before);
    const response = await client.post('/change-password', {
      currentPassword: current,
      newPassword: 'a new password',
    });
    expect(response.status).toBe(200);
    await expectRehashed(userId, 'a new password');
    await server.client().signIn(email, 'a new password');
    const old = await server.client().post('/sign-in/email', { email, password: current });
    expect(old.status).toBe(401);
  });

  it('POST /delete-user with the password rehashes it before sending the confirmation', async () => {
    const { client, email, userId } = await importedUser(fixture('phpass'));
    const before = await credential(userId);
    expect(await errorOf(await client.post('/delete-user', { password: 'not it' }))).toEqual(
      INVALID_PASSWORD,
    );
    expect(await credential(userId)).toEqual(before);
    const response = await client.post('/delete-user', { password: fixture('phpass').password });
    expect(await response.json()).toEqual({ success: true, message: 'Verification email sent' });
    expect(mailer.lastPath(email, 'account-deletion')).toMatch(/^\/delete-user\/callback\?token=/);
    await expectRehashed(userId, fixture('phpass').password);
  });

  it("two-factor's password check (POST /two-factor/enable) rehashes on the right password only", async () => {
    const { client, userId } = await importedUser(fixture('scrypt_firebase'));
    const password = fixture('scrypt_firebase').password;
    const before = await credential(userId);
    expect(await errorOf(await client.post('/two-factor/enable', { password: 'not it' }))).toEqual(
      INVALID_PASSWORD,
    );
    expect(await credential(userId)).toEqual(before);
    const response = await client.post('/two-factor/enable', { password });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: 'totp' });
    await expectRehashed(userId, password);
  });

  it('a stored value that no longer reads as its format matches no password and stays', async () => {
    const { email, userId } = await importedUser(bcrypt);
    await server.database.db
      .updateTable('account')
      .set({ password: 'bcrypt$not a bcrypt hash' })
      .where('userId', '=', userId)
      .execute();
    const before = await credential(userId);
    const response = await server.client().post('/sign-in/email', { email, password: bcrypt.password });
    expect(response.status).toBe(401);
    expect(await credential(userId)).toEqual(before);
  });
});
