import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf } from '../../testing/test-server.ts';
import {
  codeAt,
  enrolled,
  freshEmail,
  keyOf,
  PASSWORD,
  SESSION_COOKIE,
  startTwoFactorServer,
  type TwoFactorServer,
} from './test-kit.ts';

describe.each(testDialects())('two-factor settings routes (%s)', (dialect) => {
  let server: TwoFactorServer;
  beforeAll(async () => {
    server = await startTwoFactorServer(dialect, { appName: 'Gatehouse Test' });
  });
  afterAll(() => server.close());

  const signedUp = async () => {
    const client = server.client();
    const email = freshEmail();
    const { user } = await client.signUp(email, PASSWORD);
    return { client, email, userId: user.id };
  };
  const rowOf = (userId: string) =>
    server.database.db.selectFrom('twoFactor').selectAll().where('userId', '=', userId).executeTakeFirst();
  const userRow = async (userId: string) =>
    (await server.database.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;

  describe('POST /two-factor/enable', () => {
    it('totp: answers the otpauth URI and ten backup codes; two-factor stays off until the first code', async () => {
      const { client, email, userId } = await signedUp();
      const response = await client.post('/two-factor/enable', { password: PASSWORD });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(Object.keys(body)).toEqual(['method', 'totpURI', 'backupCodes']);
      expect(body.method).toBe('totp');
      expect(body.totpURI).toMatch(
        new RegExp(
          `^otpauth://totp/Gatehouse%20Test:${encodeURIComponent(email)}\\?secret=[A-Z2-7]{52}&issuer=Gatehouse\\+Test&digits=6&period=30$`,
        ),
      );
      expect(body.backupCodes).toHaveLength(10);
      for (const code of body.backupCodes) expect(code).toMatch(/^[a-zA-Z0-9]{5}-[a-zA-Z0-9]{5}$/);
      const row = await rowOf(userId);
      expect(row).toMatchObject({ userId, verified: dialect === 'postgres' ? false : 0 });
      // Stored encrypted: neither the secret nor a code appears in the row.
      expect(row?.secret).toMatch(/^[0-9a-f]+$/);
      expect(row?.backupCodes).not.toContain(body.backupCodes[0]);
      expect((await userRow(userId)).twoFactorEnabled).toBeFalsy();
    });

    it('a body issuer names the entry', async () => {
      const { client } = await signedUp();
      const body = await (
        await client.post('/two-factor/enable', { password: PASSWORD, issuer: 'My App' })
      ).json();
      expect(body.totpURI).toMatch(/^otpauth:\/\/totp\/My%20App:.*&issuer=My\+App&/);
    });

    it('a pending enrolment is replaced by a new secret; a confirmed one answers TOTP_ALREADY_ENABLED', async () => {
      const { client, userId } = await signedUp();
      const first = await (await client.post('/two-factor/enable', { password: PASSWORD })).json();
      const second = await (await client.post('/two-factor/enable', { password: PASSWORD })).json();
      expect(second.totpURI).not.toBe(first.totpURI);
      expect(
        await server.database.db.selectFrom('twoFactor').where('userId', '=', userId).select('id').execute(),
      ).toHaveLength(1);
      await client.post('/two-factor/verify-totp', { code: codeAt(server, keyOf(second.totpURI)) });
      expect(await errorOf(await client.post('/two-factor/enable', { password: PASSWORD }))).toEqual({
        status: 400,
        code: 'TOTP_ALREADY_ENABLED',
        message: 'TOTP is already enabled',
      });
    });

    it('otp: turns two-factor on at once and rotates the session', async () => {
      const { client, userId } = await signedUp();
      const before = client.jar.get(SESSION_COOKIE);
      const response = await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
      expect(await response.json()).toEqual({ method: 'otp' });
      expect(client.jar.get(SESSION_COOKIE)).not.toBe(before);
      expect((await userRow(userId)).twoFactorEnabled).toBeTruthy();
      expect(await rowOf(userId)).toBeUndefined();
      const session = await (await client.get('/get-session')).json();
      expect(session.user.twoFactorEnabled).toBe(true);
    });

    it('errors: wrong or missing password, no session, otp without a mailer', async () => {
      const { client, userId } = await signedUp();
      const invalid = { status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' };
      expect(await errorOf(await client.post('/two-factor/enable', { password: 'not my password' }))).toEqual(
        invalid,
      );
      expect(await errorOf(await client.post('/two-factor/enable', {}))).toEqual(invalid);
      expect(await errorOf(await client.post('/two-factor/enable', { password: 'x'.repeat(129) }))).toEqual({
        status: 400,
        code: 'PASSWORD_TOO_LONG',
        message: 'Password too long',
      });
      expect(await errorOf(await server.client().post('/two-factor/enable', { password: PASSWORD }))).toEqual(
        {
          status: 401,
          code: 'UNAUTHORIZED',
          message: 'Unauthorized',
        },
      );
      expect(await rowOf(userId)).toBeUndefined();
    });
  });

  describe('POST /two-factor/get-totp-uri', () => {
    it('answers the same URI as enable, and works before the first code', async () => {
      const { client } = await signedUp();
      const enable = await (await client.post('/two-factor/enable', { password: PASSWORD })).json();
      const response = await client.post('/two-factor/get-totp-uri', { password: PASSWORD });
      expect(await response.json()).toEqual({ totpURI: enable.totpURI });
    });

    it('errors: TOTP_NOT_ENABLED without a row (before the password), INVALID_PASSWORD, 401', async () => {
      const { client } = await signedUp();
      expect(await errorOf(await client.post('/two-factor/get-totp-uri', { password: 'wrong one' }))).toEqual(
        {
          status: 400,
          code: 'TOTP_NOT_ENABLED',
          message: 'TOTP not enabled',
        },
      );
      await client.post('/two-factor/enable', { password: PASSWORD });
      expect(await errorOf(await client.post('/two-factor/get-totp-uri', { password: 'wrong one' }))).toEqual(
        {
          status: 400,
          code: 'INVALID_PASSWORD',
          message: 'Invalid password',
        },
      );
      expect((await server.client().post('/two-factor/get-totp-uri', { password: PASSWORD })).status).toBe(
        401,
      );
    });
  });

  describe('POST /two-factor/disable', () => {
    it('turns two-factor off, deletes the secret, rotates the session; sign-in is plain again', async () => {
      const { client, email, userId } = await enrolled(server);
      const before = client.jar.get(SESSION_COOKIE);
      const response = await client.post('/two-factor/disable', { password: PASSWORD });
      expect(await response.json()).toEqual({ status: true });
      expect(client.jar.get(SESSION_COOKIE)).not.toBe(before);
      expect(await rowOf(userId)).toBeUndefined();
      expect((await userRow(userId)).twoFactorEnabled).toBeFalsy();
      expect((await (await client.get('/get-session')).json()).user.twoFactorEnabled).toBe(false);
      const signIn = await server.client().signIn(email, PASSWORD);
      expect(signIn.token).toEqual(expect.any(String));
    });

    it('errors: wrong password changes nothing; no session is 401', async () => {
      const { client, userId } = await enrolled(server);
      expect(await errorOf(await client.post('/two-factor/disable', { password: 'wrong one' }))).toEqual({
        status: 400,
        code: 'INVALID_PASSWORD',
        message: 'Invalid password',
      });
      expect(await rowOf(userId)).toBeDefined();
      expect((await userRow(userId)).twoFactorEnabled).toBeTruthy();
      expect((await server.client().post('/two-factor/disable', { password: PASSWORD })).status).toBe(401);
    });
  });

  describe('POST /two-factor/generate-backup-codes', () => {
    it('replaces every code: the old ones stop working', async () => {
      const { client, backupCodes } = await enrolled(server);
      const response = await client.post('/two-factor/generate-backup-codes', { password: PASSWORD });
      const body = await response.json();
      expect(body.status).toBe(true);
      expect(body.backupCodes).toHaveLength(10);
      expect(body.backupCodes).not.toContain(backupCodes[0]);
      expect(
        await errorOf(await client.post('/two-factor/verify-backup-code', { code: backupCodes[0] })),
      ).toEqual({
        status: 401,
        code: 'INVALID_BACKUP_CODE',
        message: 'Invalid backup code',
      });
      expect(
        (await client.post('/two-factor/verify-backup-code', { code: body.backupCodes[0] })).status,
      ).toBe(200);
    });

    it('errors: TWO_FACTOR_NOT_ENABLED before the password, INVALID_PASSWORD, 401', async () => {
      const { client } = await signedUp();
      expect(
        await errorOf(await client.post('/two-factor/generate-backup-codes', { password: 'wrong' })),
      ).toEqual({
        status: 400,
        code: 'TWO_FACTOR_NOT_ENABLED',
        message: "Two factor isn't enabled",
      });
      const on = await enrolled(server);
      expect(
        await errorOf(await on.client.post('/two-factor/generate-backup-codes', { password: 'wrong' })),
      ).toEqual({
        status: 400,
        code: 'INVALID_PASSWORD',
        message: 'Invalid password',
      });
      expect(
        (await server.client().post('/two-factor/generate-backup-codes', { password: PASSWORD })).status,
      ).toBe(401);
    });
  });
});
