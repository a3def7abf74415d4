import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf } from '../../testing/test-server.ts';
import {
  CHALLENGE_COOKIE,
  challenged,
  codeAt,
  enrolled,
  freshEmail,
  PASSWORD,
  startTwoFactorServer,
  type TwoFactorServer,
  verificationRows,
} from './test-kit.ts';

const invalidCookie = {
  status: 401,
  code: 'INVALID_TWO_FACTOR_COOKIE',
  message: 'Invalid two factor cookie',
};
const invalidCode = { status: 401, code: 'INVALID_CODE', message: 'Invalid code' };
const tooMany = {
  status: 400,
  code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  message: 'Too many attempts. Please request a new code.',
};
const locked = {
  status: 429,
  code: 'ACCOUNT_TEMPORARILY_LOCKED',
  message:
    'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
};

describe.each(testDialects())('second-factor checks (%s)', (dialect) => {
  let server: TwoFactorServer;
  beforeAll(async () => {
    server = await startTwoFactorServer(dialect);
  });
  afterAll(() => server.close());

  describe('POST /two-factor/verify-totp', () => {
    it('without a session or challenge: 401 INVALID_TWO_FACTOR_COOKIE; a tampered cookie too', async () => {
      expect(
        await errorOf(await server.client().post('/two-factor/verify-totp', { code: '123456' })),
      ).toEqual(invalidCookie);
      const { email } = await enrolled(server);
      const { client } = await challenged(server, email);
      const value = client.jar.get(CHALLENGE_COOKIE) ?? '';
      client.jar.cookies.set(CHALLENGE_COOKIE, value.replace('2fa-', '2fa-X'));
      expect(await errorOf(await client.post('/two-factor/verify-totp', { code: '123456' }))).toEqual(
        invalidCookie,
      );
    });

    it('an expired challenge is refused', async () => {
      const { email, key } = await enrolled(server);
      const { client } = await challenged(server, email);
      server.clock.advance(601);
      expect(
        await errorOf(await client.post('/two-factor/verify-totp', { code: codeAt(server, key) })),
      ).toEqual(invalidCookie);
    });

    it('a wrong code is 401 INVALID_CODE; codes one step away are accepted, two steps away are not', async () => {
      const { email, key } = await enrolled(server);
      const { client } = await challenged(server, email);
      expect(
        await errorOf(await client.post('/two-factor/verify-totp', { code: codeAt(server, key, -2) })),
      ).toEqual(invalidCode);
      expect((await client.post('/two-factor/verify-totp', { code: codeAt(server, key, 1) })).status).toBe(
        200,
      );
      const next = await challenged(server, email);
      // Step +1 was just used; three steps later its successor is the previous step.
      server.clock.advance(90);
      expect(
        (await next.client.post('/two-factor/verify-totp', { code: codeAt(server, key, -1) })).status,
      ).toBe(200);
    });

    it('TOTP_NOT_ENABLED for a user without an authenticator, and for an unconfirmed one at sign-in', async () => {
      const client = server.client();
      await client.signUp(freshEmail(), PASSWORD);
      expect(await errorOf(await client.post('/two-factor/verify-totp', { code: '000000' }))).toEqual({
        status: 400,
        code: 'TOTP_NOT_ENABLED',
        message: 'TOTP not enabled',
      });
      const email = freshEmail();
      const other = server.client();
      await other.signUp(email, PASSWORD);
      await other.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
      await other.post('/two-factor/enable', { password: PASSWORD });
      const { client: pending } = await challenged(server, email);
      expect((await errorOf(await pending.post('/two-factor/verify-totp', { code: '000000' }))).code).toBe(
        'TOTP_NOT_ENABLED',
      );
    });

    it('the sixth try on one challenge ends it with TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', async () => {
      const { email, key } = await enrolled(server);
      const { client } = await challenged(server, email);
      for (let i = 0; i < 5; i++) {
        expect(await errorOf(await client.post('/two-factor/verify-totp', { code: '000000' }))).toEqual(
          invalidCode,
        );
      }
      const sixth = await client.post('/two-factor/verify-totp', { code: codeAt(server, key) });
      expect(await errorOf(sixth)).toEqual(tooMany);
      expect(sixth.headers.getSetCookie()).toContain(
        `${CHALLENGE_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
      );
      // The challenge is gone: signing in again is the way forward.
      const again = await challenged(server, email);
      expect((await again.client.post('/two-factor/verify-totp', { code: codeAt(server, key) })).status).toBe(
        200,
      );
    });

    it('ten failures in a row across challenges lock the account for 900 s; success clears the count', async () => {
      const { email, key, userId } = await enrolled(server);
      for (let round = 0; round < 2; round++) {
        const { client } = await challenged(server, email);
        for (let i = 0; i < 5; i++) await client.post('/two-factor/verify-totp', { code: '000000' });
      }
      const { client } = await challenged(server, email);
      expect(
        await errorOf(await client.post('/two-factor/verify-totp', { code: codeAt(server, key) })),
      ).toEqual(locked);
      expect(
        await errorOf(await client.post('/two-factor/verify-backup-code', { code: 'xxxxx-xxxxx' })),
      ).toEqual(locked);
      server.clock.advance(901);
      const after = await challenged(server, email);
      expect((await after.client.post('/two-factor/verify-totp', { code: codeAt(server, key) })).status).toBe(
        200,
      );
      const row = await server.database.db
        .selectFrom('twoFactor')
        .select(['failedVerificationCount', 'lockedUntil'])
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(row.failedVerificationCount)).toBe(0);
      expect(row.lockedUntil).toBeNull();
    });
  });

  describe('POST /two-factor/verify-backup-code', () => {
    it('signs in with a backup code once; the same code is then refused', async () => {
      const { email, backupCodes, userId } = await enrolled(server);
      const { client } = await challenged(server, email);
      const response = await client.post('/two-factor/verify-backup-code', { code: backupCodes[3] });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        token: expect.any(String),
        user: expect.objectContaining({ id: userId }),
      });
      const next = await challenged(server, email);
      expect(
        await errorOf(await next.client.post('/two-factor/verify-backup-code', { code: backupCodes[3] })),
      ).toEqual({
        status: 401,
        code: 'INVALID_BACKUP_CODE',
        message: 'Invalid backup code',
      });
      expect(
        (await next.client.post('/two-factor/verify-backup-code', { code: backupCodes[4] })).status,
      ).toBe(200);
    });

    it('disableSession: the code is spent, no session is created, the challenge stays but its counter is gone', async () => {
      const { email, backupCodes, userId } = await enrolled(server);
      const { client } = await challenged(server, email);
      const response = await client.post('/two-factor/verify-backup-code', {
        code: backupCodes[0],
        disableSession: true,
      });
      expect(await response.json()).toEqual({ user: expect.objectContaining({ id: userId }) });
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await (await client.get('/get-session')).json()).toBeNull();
      expect(
        await errorOf(await client.post('/two-factor/verify-backup-code', { code: backupCodes[1] })),
      ).toEqual(invalidCookie);
    });

    it('trustDevice with a backup code trusts the browser', async () => {
      const { email, backupCodes, userId } = await enrolled(server);
      const { client } = await challenged(server, email);
      await client.post('/two-factor/verify-backup-code', { code: backupCodes[0], trustDevice: true });
      expect(await verificationRows(server, 'trust-device-', userId)).toBe(1);
    });

    it('BACKUP_CODES_NOT_ENABLED without a row; 401 without session or challenge', async () => {
      const client = server.client();
      await client.signUp(freshEmail(), PASSWORD);
      expect(
        await errorOf(await client.post('/two-factor/verify-backup-code', { code: 'aaaaa-bbbbb' })),
      ).toEqual({
        status: 400,
        code: 'BACKUP_CODES_NOT_ENABLED',
        message: "Backup codes aren't enabled",
      });
      expect(
        await errorOf(await server.client().post('/two-factor/verify-backup-code', { code: 'a' })),
      ).toEqual(invalidCookie);
    });
  });
});
