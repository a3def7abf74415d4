import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../context.ts';
import { generateId } from '../crypto/random.ts';
import { CaptureMailer } from '../testing/capture-mailer.ts';
import { present } from '../testing/present.ts';
import { type CreationOptionsJSON, SoftwareAuthenticator } from '../testing/software-authenticator.ts';
import { testDialects } from '../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../testing/test-server.ts';
import { totpCode, totpStep } from '../testing/totp-codes.ts';
import { isRecentlyAuthenticated } from './recent-authentication.ts';
import type { Session } from './session.ts';

const DAY = 86_400;
const PASSWORD = 'correct horse battery';
const notFresh = { status: 403, code: 'SESSION_NOT_FRESH', message: 'Session is not fresh' };
/** The session keys of the protocol (docs/protocol/core.md#reading-a-session); nothing more is answered. */
const SESSION_KEYS = [
  'createdAt',
  'expiresAt',
  'id',
  'impersonatedBy',
  'ipAddress',
  'token',
  'updatedAt',
  'userAgent',
  'userId',
];

let counter = 0;
const freshEmail = () => `recent-${++counter}-${Date.now()}@example.com`;

// The attack this guards against: a stolen cookie past the fresh age is made fresh by one refreshing read,
// then used to add a way in (a passkey), take a lock off (two-factor) or take the account over.
describe.each(testDialects())('recent authentication (%s)', (dialect) => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      appName: 'Gatehouse Test',
      mailer,
      passkey: {},
      twoFactor: { enabled: true },
      user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
      session: { cookieCache: { enabled: true } },
    });
  });
  afterAll(() => server.close());

  /** Past the fresh age (and the update age, both a day), then the thief's one refreshing read. */
  async function staleThenRefreshed(client: TestClient) {
    server.clock.advance(DAY + 60);
    const read = await client.get('/get-session?disableCookieCache=true');
    expect(read.status).toBe(200);
    // The read extended the session: by the protocol's rule it is fresh again.
    const { session } = (await read.json()) as { session: { updatedAt: string } };
    expect(Date.parse(session.updatedAt)).toBe(server.clock.now());
  }

  // Read whole, with the two-factor column the feature adds beyond the core type.
  const userRow = async (id: string) =>
    (await server.database.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst()) as
      | Record<string, unknown>
      | undefined;
  const rowsOf = (table: 'passkey' | 'twoFactor' | 'account', userId: string) =>
    server.database.db.selectFrom(table).select('id').where('userId', '=', userId).execute();

  /** A user who signs in only with providers: two linked accounts, no password. */
  async function passwordlessUser() {
    const client = server.client();
    const email = freshEmail();
    const { user } = await client.signUp(email, PASSWORD);
    const { db } = server.database;
    await db.deleteFrom('account').where('userId', '=', user.id).execute();
    const now = new Date(server.clock.now()).toISOString();
    for (const providerId of ['github', 'gitlab'])
      await db
        .insertInto('account')
        .values({
          id: generateId(),
          accountId: `${providerId}-${user.id}`,
          providerId,
          userId: user.id,
          accessToken: null,
          refreshToken: null,
          idToken: null,
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          scope: null,
          password: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    return { client, email, userId: user.id };
  }

  async function registrationOptions(client: TestClient) {
    const response = await client.get('/passkey/generate-register-options');
    expect(response.status).toBe(200);
    return (await response.json()) as CreationOptionsJSON;
  }

  it('a refreshed stale session may not add a passkey, change the email, unlink, enrol or delete', async () => {
    const { client, email, userId } = await passwordlessUser();
    // The ceremony started while the session was recent; its answer comes after.
    const response = await new SoftwareAuthenticator().register(await registrationOptions(client), {
      origin: server.url,
    });
    await staleThenRefreshed(client);

    expect(await errorOf(await client.get('/passkey/generate-register-options'))).toEqual(notFresh);
    expect(await errorOf(await client.post('/passkey/verify-registration', { response }))).toEqual(notFresh);
    expect(await rowsOf('passkey', userId)).toHaveLength(0);

    const newEmail = freshEmail();
    expect(await errorOf(await client.post('/change-email', { newEmail }))).toEqual(notFresh);
    expect(mailer.count(newEmail)).toBe(0);
    expect((await userRow(userId))?.email).toBe(email);

    const [account] = await rowsOf('account', userId);
    expect(await errorOf(await client.post('/unlink-account', { accountId: present(account).id }))).toEqual(
      notFresh,
    );
    expect(await rowsOf('account', userId)).toHaveLength(2);

    expect(await errorOf(await client.post('/two-factor/enable', {}))).toEqual(notFresh);
    expect(await rowsOf('twoFactor', userId)).toHaveLength(0);
    expect((await client.post('/two-factor/send-otp', {})).status).toBe(200);
    const code = mailer.last(email, 'two-factor-code').code;
    expect(await errorOf(await client.post('/two-factor/verify-otp', { code }))).toEqual(notFresh);
    expect((await userRow(userId))?.twoFactorEnabled).toBeFalsy();

    // Better Auth's refusal for this branch of delete-user (docs/protocol/core.md#delete-user).
    expect(await errorOf(await client.post('/delete-user', {}))).toEqual({
      status: 400,
      code: 'SESSION_EXPIRED',
      message: 'Session expired. Re-authenticate to perform this action.',
    });
    expect(await userRow(userId)).toBeDefined();
  });

  it('nor turn two-factor off, read its secret again or make new backup codes', async () => {
    const { client, userId } = await passwordlessUser();
    const enabled = (await (await client.post('/two-factor/enable', {})).json()) as { totpURI: string };
    const secret = present(new URL(enabled.totpURI).searchParams.get('secret'));
    const code = totpCode(secret, totpStep(server.clock.now()));
    expect((await client.post('/two-factor/verify-totp', { code })).status).toBe(200);
    const before = await server.database.db
      .selectFrom('twoFactor')
      .selectAll()
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    await staleThenRefreshed(client);

    expect(await errorOf(await client.post('/two-factor/disable', {}))).toEqual(notFresh);
    expect(await errorOf(await client.post('/two-factor/get-totp-uri', {}))).toEqual(notFresh);
    expect(await errorOf(await client.post('/two-factor/generate-backup-codes', {}))).toEqual(notFresh);
    expect((await userRow(userId))?.twoFactorEnabled).toBeTruthy();
    const after = await server.database.db
      .selectFrom('twoFactor')
      .selectAll()
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(after.backupCodes).toBe(before.backupCodes);
  });

  it('turning two-factor on or off renews the session but not its last authentication', async () => {
    const client = server.client();
    await client.signUp(freshEmail(), PASSWORD);
    await staleThenRefreshed(client);
    // The password in the body proves the person (decision in features/two-factor/README.md).
    const enabled = (await (await client.post('/two-factor/enable', { password: PASSWORD })).json()) as {
      totpURI: string;
    };
    const secret = present(new URL(enabled.totpURI).searchParams.get('secret'));
    const before = client.jar.get('better-auth.session_token');
    const code = totpCode(secret, totpStep(server.clock.now()));
    expect((await client.post('/two-factor/verify-totp', { code })).status).toBe(200);
    expect(client.jar.get('better-auth.session_token')).not.toBe(before);
    // A new row, created now, hence fresh; still not recently authenticated.
    expect(await errorOf(await client.get('/passkey/generate-register-options'))).toEqual(notFresh);
    expect((await client.post('/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    expect(await errorOf(await client.get('/passkey/generate-register-options'))).toEqual(notFresh);
  });

  it('a new sign-in or a passkey step-up makes the person recent again', async () => {
    const client = server.client();
    const email = freshEmail();
    await client.signUp(email, PASSWORD);
    const authenticator = new SoftwareAuthenticator();
    const created = await authenticator.register(await registrationOptions(client), { origin: server.url });
    expect((await client.post('/passkey/verify-registration', { response: created })).status).toBe(200);
    await staleThenRefreshed(client);
    expect(await errorOf(await client.post('/change-email', { newEmail: freshEmail() }))).toEqual(notFresh);

    const options = await (await client.get('/passkey/generate-authenticate-options')).json();
    const assertion = await authenticator.authenticate(options, { origin: server.url });
    expect((await client.post('/passkey/reauthenticate', { response: assertion })).status).toBe(200);
    const newEmail = freshEmail();
    expect((await client.post('/change-email', { newEmail })).status).toBe(200);
    expect(mailer.count(newEmail)).toBe(1);

    await staleThenRefreshed(client);
    expect(await errorOf(await client.get('/passkey/generate-register-options'))).toEqual(notFresh);
    const again = server.client();
    await again.signIn(email, PASSWORD);
    expect((await again.get('/passkey/generate-register-options')).status).toBe(200);
  });

  it('a correct password in the request stands for a re-authentication', async () => {
    const client = server.client();
    const { user } = await client.signUp(freshEmail(), PASSWORD);
    await staleThenRefreshed(client);
    const changed = await client.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another fine passphrase',
    });
    expect(changed.status).toBe(200);
    const enabled = await client.post('/two-factor/enable', { password: 'another fine passphrase' });
    expect(enabled.status).toBe(200);
    expect((await client.post('/delete-user', { password: 'another fine passphrase' })).status).toBe(200);
    expect(await userRow(user.id)).toBeUndefined();
  });

  it('a session row Better Auth wrote (no authenticatedAt) counts from its creation', async () => {
    const client = server.client();
    const { user } = await client.signUp(freshEmail(), PASSWORD);
    await server.database.db
      .updateTable('session')
      .set({ authenticatedAt: null })
      .where('userId', '=', user.id)
      .execute();
    expect((await client.get('/passkey/generate-register-options')).status).toBe(200);
    await staleThenRefreshed(client);
    expect(await errorOf(await client.get('/passkey/generate-register-options'))).toEqual(notFresh);
  });

  it('the last authentication is stored, and never answered nor put in the cookie cache', async () => {
    const client = server.client();
    const { user, token } = await client.signUp(freshEmail(), PASSWORD);
    const row = await server.database.db
      .selectFrom('session')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(new Date(present(row.authenticatedAt)).getTime()).toBe(server.clock.now());

    for (const path of ['/get-session', '/get-session?disableCookieCache=true']) {
      const { session } = (await (await client.get(path)).json()) as { session: object };
      expect(Object.keys(session).sort()).toEqual(SESSION_KEYS);
    }
    const listed = (await (await client.get('/list-sessions')).json()) as object[];
    expect(listed.map((session) => Object.keys(session).sort())).toEqual([SESSION_KEYS]);
    const cache = JSON.parse(
      Buffer.from(present(client.jar.get('better-auth.session_data')), 'base64url').toString('utf8'),
    ) as { session: { session: object; user: { id: string } } };
    expect(cache.session.user.id).toBe(user.id);
    expect(Object.keys(cache.session.session).sort()).toEqual(SESSION_KEYS);
  });
});

describe('isRecentlyAuthenticated', () => {
  const NOW = Date.UTC(2026, 11, 1, 12);
  const HOUR = 3_600_000;
  const contextWith = (freshAge: number) =>
    ({ options: { session: { freshAge }, now: () => NOW } }) as unknown as AuthContext;
  const session = (createdHoursAgo: number, authenticatedAt: Date | null | undefined): Session => ({
    id: 's',
    token: 't',
    userId: 'u',
    expiresAt: new Date(NOW + 100 * HOUR),
    createdAt: new Date(NOW - createdHoursAgo * HOUR),
    // Just refreshed: fresh by the protocol's rule, which must not matter here.
    updatedAt: new Date(NOW),
    ipAddress: null,
    userAgent: null,
    impersonatedBy: null,
    ...(authenticatedAt === undefined ? {} : { authenticatedAt }),
  });

  it('counts from the last authentication, not from the last update', () => {
    expect(isRecentlyAuthenticated(contextWith(DAY), session(1, new Date(NOW - 23 * HOUR)))).toBe(true);
    expect(isRecentlyAuthenticated(contextWith(DAY), session(1, new Date(NOW - 25 * HOUR)))).toBe(false);
  });

  it('a Better Auth row (null) counts from its creation; a session not read from the database never is', () => {
    expect(isRecentlyAuthenticated(contextWith(DAY), session(23, null))).toBe(true);
    expect(isRecentlyAuthenticated(contextWith(DAY), session(25, null))).toBe(false);
    expect(isRecentlyAuthenticated(contextWith(DAY), session(0, undefined))).toBe(false);
  });

  it('a fresh age of 0 turns the check off', () => {
    expect(isRecentlyAuthenticated(contextWith(0), session(10_000, new Date(NOW - 10_000 * HOUR)))).toBe(
      true,
    );
  });
});
