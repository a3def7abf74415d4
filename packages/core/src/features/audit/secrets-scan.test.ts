/**
 * The secrets scan (docs/security-activity.md#never-recorded). Every test server searches its audit table on
 * close for every secret that passed through it (`testing/secrets-scan.ts`), so the whole suite is
 * a scan; the tests here show that the scan fails a server whose events hold one, and run one
 * flow with every kind of secret on purpose (passwords, reset tokens, TOTP secrets and codes,
 * backup codes, session tokens and every cookie value the browsers held), searching the table for
 * each by hand as well.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { present } from '../../testing/present.ts';
import { SecretsScan } from '../../testing/secrets-scan.ts';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { codeAt, keyOf } from '../two-factor/test-kit.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
type Json = any;

describe.each(testDialects())('security events hold no secret (%s)', (dialect) => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  const secrets = new Set<string>();
  const browsers: TestClient[] = [];
  const browser = () => {
    const client = server.client();
    browsers.push(client);
    return client;
  };
  const keep = (value: string | null | undefined) => {
    // Short values (a 6-digit code) are kept too: the table must not hold them as text either.
    if (value) secrets.add(value);
  };

  /** The host's count of failed writes (`events.auditWriteFailed`, the product's metric). */
  let failedWrites = 0;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      mailer,
      twoFactor: { enabled: true },
      events: { auditWriteFailed: () => void failedWrites++ },
    });
  });
  afterAll(() => server.close());

  it('after sign-up, sign-in, failures, password change and reset, two-factor and backup codes', async () => {
    const first = 'first secret passphrase 1';
    const second = 'second secret passphrase 2';
    const third = 'third secret passphrase 3';
    const wrong = 'wrong secret passphrase 9';
    [first, second, third, wrong].forEach(keep);

    const alice = browser();
    keep((await alice.signUp('scan@example.com', first)).token);
    expect(
      (await browser().post('/sign-in/email', { email: 'scan@example.com', password: wrong })).status,
    ).toBe(401);
    const changed = await alice.post('/change-password', {
      currentPassword: first,
      newPassword: second,
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    keep(((await changed.json()) as Json).token);

    expect((await browser().post('/request-password-reset', { email: 'scan@example.com' })).status).toBe(200);
    for (let i = 0; i < 50 && mailer.sent.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const resetToken = present(
      new URL(mailer.last('scan@example.com', 'password-reset').link).pathname.split('/').pop(),
    );
    keep(resetToken);
    expect((await browser().post('/reset-password', { token: resetToken, newPassword: third })).status).toBe(
      200,
    );

    const bob = browser();
    keep((await bob.signIn('scan@example.com', third)).token);
    const enable = await bob.post('/two-factor/enable', { password: third });
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    keep(new URL(totpURI).searchParams.get('secret'));
    keep(totpURI);
    backupCodes.forEach(keep);
    const key = keyOf(totpURI);
    const code = codeAt(server, key);
    keep(code);
    expect((await bob.post('/two-factor/verify-totp', { code })).status).toBe(200);
    server.clock.advance(30);

    const carol = browser();
    const challenged = await carol.post('/sign-in/email', { email: 'scan@example.com', password: third });
    expect(((await challenged.json()) as Json).twoFactorRedirect).toBe(true);
    const wrongCode = codeAt(server, key, 5);
    keep(wrongCode);
    expect((await carol.post('/two-factor/verify-totp', { code: wrongCode })).status).toBe(401);
    const backup = await carol.post('/two-factor/verify-backup-code', {
      code: backupCodes[0],
      trustDevice: true,
    });
    expect(backup.status).toBe(200);
    keep(((await backup.json()) as Json).token);

    for (const client of browsers) for (const value of client.jar.cookies.values()) keep(value);

    const rows = await server.database.db.selectFrom('auditEvent').selectAll().execute();
    const types = new Set(rows.map((row) => row.type));
    for (const type of [
      'user.signed_up',
      'user.sign_in_failed',
      'user.password_changed',
      'user.password_reset_requested',
      'user.password_reset_completed',
      'user.two_factor_enabled',
      'user.two_factor_verified',
      'user.two_factor_challenged',
      'user.two_factor_failed',
      'user.backup_code_used',
      'user.trusted_device_added',
      'user.signed_in',
    ]) {
      expect(types, type).toContain(type);
    }
    const table = JSON.stringify(rows);
    const found = [...secrets].filter((secret) => table.includes(secret));
    expect(found).toEqual([]);
    expect(secrets.size).toBeGreaterThan(15);
  });

  it('a failed event write is counted and logged, and the request still succeeds', async () => {
    const before = server.auth.audit.failures;
    await server.database.db.schema.alterTable('auditEvent').renameTo('auditEventAway').execute();
    try {
      const response = await server.client().post('/sign-up/email', {
        name: 'Lost',
        email: 'lost-event@example.com',
        password: 'a perfectly fine passphrase',
      });
      expect(response.status).toBe(200);
      // Both of sign-up's events: user.signed_up and session.created; the host is told of each.
      expect(server.auth.audit.failures).toBe(before + 2);
      expect(failedWrites).toBe(server.auth.audit.failures);
    } finally {
      await server.database.db.schema.alterTable('auditEventAway').renameTo('auditEvent').execute();
    }
  });
});

describe.each(testDialects())('the test server’s scan fails on a recorded secret (%s)', (dialect) => {
  it('a password planted in an event’s metadata', async () => {
    const server = await startTestServer(dialect);
    await server.client().signUp('planted@example.com', 'planted passphrase 42');
    await server.database.db
      .insertInto('auditEvent')
      .values({
        id: '000000000002aaaaaaaaaaaaaaaa',
        type: 'user.profile_updated',
        occurredAt: new Date(server.clock.now()).toISOString(),
        outcome: 'success',
        actorType: 'anonymous',
        metadata: JSON.stringify({ fields: ['name'], note: 'planted passphrase 42' }),
      })
      .execute();
    await expect(server.close()).rejects.toThrow(/hold secrets[\s\S]*request body password/);
  });

  it('a session token sent as the user agent, which the recorder keeps', async () => {
    const server = await startTestServer(dialect);
    const client = server.client();
    const { token } = await client.signUp('agent-token@example.com');
    const headers = { 'user-agent': `Probe/1.0 ${token}` };
    expect((await client.post('/update-user', { name: 'Leaky' }, { headers })).status).toBe(200);
    await expect(server.close()).rejects.toThrow(/hold secrets[\s\S]*user\.profile_updated/);
  });
});

describe('SecretsScan', () => {
  it('finds a long secret anywhere in a value, a short one only as a whole word, and skips plain words', () => {
    const scan = new SecretsScan();
    scan.keep('a-long-session-token-value', 'Set-Cookie');
    scan.keep('123456', 'mail code');
    scan.keep('password', 'request body password');
    scan.keep('12345', 'request body code');
    expect(scan.size).toBe(2);
    const row = (values: Record<string, unknown>) => ({ type: 'user.signed_in', ...values });
    expect(scan.findIn([row({ userAgent: 'x a-long-session-token-valuex' })])).toHaveLength(1);
    expect(scan.findIn([row({ id: 'ab123456cd', metadata: '{"count":1234567}' })])).toEqual([]);
    expect(scan.findIn([row({ metadata: JSON.stringify({ remaining: '123456' }) })])).toEqual([
      { secret: '123456…', seen: 'mail code', eventType: 'user.signed_in' },
    ]);
    expect(scan.findIn([row({ metadata: JSON.stringify({ method: 'password' }) })])).toEqual([]);
  });

  it("keeps a presented API key and a key answered as text, but reads an ApiKey object's fields as metadata", async () => {
    const scan = new SecretsScan();
    const presented = 'presented-api-key-0123456789';
    const body = JSON.stringify({ key: presented });
    await scan.request(
      new Request('http://localhost/api/auth/api-key/introspect', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        body,
      }),
    );
    const answer = (body: unknown) =>
      scan.response(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
    // The introspect answer: its `key` is the ApiKey object, whose id and owner every event names.
    await answer({ valid: true, key: { id: 'key-id-named-by-events', referenceId: 'owner-id-in-events' } });
    await answer({ key: 'created-api-key-0123456789', id: 'key-id-2' });
    // A secret field inside the object is still one.
    await answer({ key: { id: 'key-id-3', token: 'token-inside-the-object' } });
    expect(scan.size).toBe(3);
    const row = { type: 'api_key.created', metadata: JSON.stringify({ keyId: 'key-id-named-by-events' }) };
    expect(scan.findIn([{ ...row, actorId: 'owner-id-in-events' }])).toEqual([]);
    for (const secret of [presented, 'created-api-key-0123456789', 'token-inside-the-object'])
      expect(scan.findIn([{ ...row, userAgent: secret }])).toHaveLength(1);
  });
});
