import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf } from '../../testing/test-server.ts';
import {
  challenged,
  codeAt,
  enrolled,
  PASSWORD,
  startTwoFactorServer,
  type TwoFactorServer,
  verificationRows,
} from './test-kit.ts';

const ROUTES = [
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/verify-totp',
  '/two-factor/send-otp',
  '/two-factor/verify-otp',
  '/two-factor/generate-backup-codes',
  '/two-factor/verify-backup-code',
];

describe.each(testDialects())('two-factor routes refuse bad input and change nothing (%s)', (dialect) => {
  let server: TwoFactorServer;
  beforeAll(async () => {
    server = await startTwoFactorServer(dialect);
  });
  afterAll(() => server.close());

  const snapshot = async (userId: string) => ({
    row: await server.database.db.selectFrom('twoFactor').selectAll().where('userId', '=', userId).execute(),
    user: await server.database.db.selectFrom('user').selectAll().where('id', '=', userId).execute(),
    sessions: (
      await server.database.db.selectFrom('session').select('token').where('userId', '=', userId).execute()
    ).length,
    rows: await verificationRows(server, ''),
  });

  it('malformed JSON: 400 BAD_REQUEST on every route, signed in or holding a challenge', async () => {
    const { client, userId, email } = await enrolled(server);
    const { client: pending } = await challenged(server, email);
    const before = await snapshot(userId);
    for (const path of ROUTES) {
      for (const browser of [client, pending]) {
        const response = await browser.post(path, undefined, {
          raw: '{"code": ',
          headers: { 'content-type': 'application/json' },
        });
        expect({ path, ...(await errorOf(response)) }).toEqual({
          path,
          status: 400,
          code: 'BAD_REQUEST',
          message: 'Invalid JSON in request body',
        });
      }
    }
    expect(await snapshot(userId)).toEqual(before);
  });

  it('wrong types, missing and oversized fields: 400 VALIDATION_ERROR, the challenge keeps all its attempts', async () => {
    const { client, userId, email, key } = await enrolled(server);
    const { client: pending } = await challenged(server, email);
    const before = await snapshot(userId);
    const bodies: [string, unknown][] = [
      ['/two-factor/enable', { password: 42 }],
      ['/two-factor/enable', { password: PASSWORD, method: 'sms' }],
      ['/two-factor/enable', { password: PASSWORD, issuer: 'x'.repeat(257) }],
      ['/two-factor/disable', { password: ['x'] }],
      ['/two-factor/disable', { password: 'x'.repeat(5000) }],
      ['/two-factor/get-totp-uri', { password: null }],
      ['/two-factor/generate-backup-codes', { password: {} }],
      ['/two-factor/verify-totp', {}],
      ['/two-factor/verify-totp', { code: 123456 }],
      ['/two-factor/verify-totp', { code: '1'.repeat(257) }],
      ['/two-factor/verify-totp', { code: '123456', trustDevice: 'yes' }],
      ['/two-factor/verify-otp', { code: null }],
      ['/two-factor/send-otp', { trustDevice: 1 }],
      ['/two-factor/verify-backup-code', { code: 'abcde-fghij', disableSession: 'true' }],
      ['/two-factor/verify-backup-code', []],
    ];
    for (const [path, body] of bodies) {
      for (const browser of [client, pending]) {
        const { status, code } = await errorOf(await browser.post(path, body));
        expect({ path, body, status, code }).toEqual({ path, body, status: 400, code: 'VALIDATION_ERROR' });
      }
    }
    expect(await snapshot(userId)).toEqual(before);
    // Five wrong tries are still allowed, so the bad requests used none of them.
    for (let i = 0; i < 4; i++) await pending.post('/two-factor/verify-totp', { code: '000000' });
    expect((await pending.post('/two-factor/verify-totp', { code: codeAt(server, key) })).status).toBe(200);
  });

  it('NUL bytes in a code are refused as input (400), other junk is a wrong code (401), never a server error', async () => {
    const { email, userId } = await enrolled(server);
    const { client } = await challenged(server, email);
    for (const [path, code, status] of [
      ['/two-factor/verify-totp', '12\u000034', 400],
      ['/two-factor/verify-backup-code', 'abcde\u0000fghij', 400],
      ['/two-factor/verify-totp', '١٢٣٤٥٦', 401],
    ] as const) {
      expect((await client.post(path, { code })).status).toBe(status);
    }
    const sessions = await server.database.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', userId)
      .execute();
    expect(sessions).toHaveLength(1);
  });
});
