import { pbkdf2Sync, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { importUsers } from './run-import.ts';
import { fixture } from './test-kit.ts';

/** A Keycloak realm export holding one user whose PBKDF2-SHA256 credential node:crypto made. */
function keycloakRealm(email: string, password: string): string {
  const salt = randomBytes(16);
  const value = pbkdf2Sync(password, salt, 27_500, 32, 'sha256');
  const credential = {
    type: 'password',
    secretData: JSON.stringify({ value: value.toString('base64'), salt: salt.toString('base64') }),
    credentialData: JSON.stringify({ hashIterations: 27_500, algorithm: 'pbkdf2-sha256' }),
  };
  return JSON.stringify({
    realm: 'acme',
    users: [{ username: 'kc', email, emailVerified: true, enabled: true, credentials: [credential] }],
  });
}

/**
 * The two halves of a move-in together (docs/protocol/import.md#41-storage-and-sign-in-decision): a
 * hash as a source exports it goes through its source's reader and the import into the database,
 * and the person then signs in with their old password, which is rehashed on that first success.
 * The hashes come from the published Firebase vector, bcryptjs and node:crypto, never from
 * Gatehouse's own verifiers.
 */
describe.each(testDialects())('signing in with an imported password (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const storedPassword = async (email: string) => {
    const row = await server.database.db
      .selectFrom('account')
      .innerJoin('user', 'user.id', 'account.userId')
      .select(['account.password', 'account.updatedAt'])
      .where('user.email', '=', email)
      .where('account.providerId', '=', 'credential')
      .executeTakeFirstOrThrow();
    return row.password ?? '';
  };

  async function signsInAndRehashes(email: string, password: string, hasher: string) {
    const before = await storedPassword(email);
    expect(before.startsWith(`${hasher}$`)).toBe(true);
    const wrong = await server.client().post('/sign-in/email', { email, password: `${password}!` });
    expect(wrong.status).toBe(401);
    expect(await storedPassword(email)).toBe(before);
    const right = await server.client().post('/sign-in/email', { email, password });
    expect(right.status).toBe(200);
    const after = await storedPassword(email);
    expect(after).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const again = await server.client().post('/sign-in/email', { email, password });
    expect(again.status).toBe(200);
  }

  it('a Firebase export with its project hash config (the published vector)', async () => {
    const content = fixture('firebase.json').replaceAll('"user1@', '"fb-signin-user1@');
    const summary = await importUsers(server.database, {
      format: 'firebase',
      file: 'firebase.json',
      content,
      hashConfig: fixture('firebase-hash-config.txt'),
    });
    expect(summary).toMatchObject({ ok: true });
    const email = JSON.parse(content).users[0].email as string;
    await signsInAndRehashes(email, 'user1password', 'scrypt_firebase');
  });

  it('a Keycloak realm with a PBKDF2-SHA256 credential', async () => {
    const email = 'kc-signin@example.com';
    const summary = await importUsers(server.database, {
      format: 'keycloak',
      file: 'realm.json',
      content: keycloakRealm(email, 'keycloak pass 1'),
    });
    expect(summary).toMatchObject({ ok: true, created: 1, hashes: { pbkdf2_keycloak: 1 } });
    await signsInAndRehashes(email, 'keycloak pass 1', 'pbkdf2_keycloak');
  });

  it('a Clerk CSV with a bcrypt digest', async () => {
    const email = 'clerk-signin@example.com';
    const digest = bcrypt.hashSync('clerk pass 1', 8);
    const header =
      'id,first_name,last_name,username,primary_email_address,primary_phone_number,verified_email_addresses,unverified_email_addresses,verified_phone_numbers,unverified_phone_numbers,totp_secret,password_digest,password_hasher';
    const summary = await importUsers(server.database, {
      format: 'clerk',
      file: 'clerk.csv',
      content: `${header}\nuser_1,Cle,Rk,,${email},,${email},,,,,${digest},bcrypt\n`,
    });
    expect(summary).toMatchObject({ ok: true, created: 1, hashes: { bcrypt: 1 } });
    await signsInAndRehashes(email, 'clerk pass 1', 'bcrypt');
  });
});
