import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../create-auth.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { present } from '../../testing/present.ts';
import { addSquattedCredentials } from '../../testing/squatted-credentials.ts';
import { openTestDatabase, testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, TEST_SECRET, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('password reset (%s)', (dialect) => {
  const mailer = new CaptureMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { mailer });
  });
  afterAll(() => server.close());

  const GENERIC = {
    status: true,
    message: 'If this email exists in our system, check your email for the reset link',
  };
  const request = (email: string, redirectTo = '/reset') =>
    server.client().post('/request-password-reset', { email, redirectTo });
  const tokenFrom = (email: string) =>
    present(new URL(mailer.last(email, 'password-reset').link).pathname.split('/').pop());
  const waitForMail = async (email: string) => {
    for (let i = 0; i < 50 && mailer.count(email) === 0; i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('mails a link that leads to the app with the token, and the token sets a new password once', async () => {
    await server.client().signUp('forgot@example.com', 'old password 1');
    const response = await request('forgot@example.com');
    expect(await response.json()).toEqual(GENERIC);
    await waitForMail('forgot@example.com');
    const link = mailer.last('forgot@example.com', 'password-reset').link;
    const token = tokenFrom('forgot@example.com');
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(link).toBe(`${server.url}/api/auth/reset-password/${token}?callbackURL=%2Freset`);

    const landing = await server.client().get(`/reset-password/${token}?callbackURL=%2Freset`);
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe(`${server.url}/reset?token=${token}`);

    const reset = await server.client().post('/reset-password', { token, newPassword: 'new password 2' });
    expect(await reset.json()).toEqual({ status: true });
    expect(
      (
        await server
          .client()
          .post('/sign-in/email', { email: 'forgot@example.com', password: 'new password 2' })
      ).status,
    ).toBe(200);
    expect(
      (
        await server
          .client()
          .post('/sign-in/email', { email: 'forgot@example.com', password: 'old password 1' })
      ).status,
    ).toBe(401);

    const again = await server.client().post('/reset-password', { token, newPassword: 'third password 3' });
    expect(await errorOf(again)).toEqual({ status: 400, code: 'INVALID_TOKEN', message: 'Invalid token' });
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const unknown = await request('nobody@example.com');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(GENERIC);
    expect(mailer.count('nobody@example.com')).toBe(0);
  });

  it('takes comparable time for known and unknown addresses', async () => {
    await server.client().signUp('timing@example.com');
    const time = async (email: string) => {
      const start = performance.now();
      await request(email);
      return performance.now() - start;
    };
    const samples = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 5; i++) {
      samples.known.push(await time('timing@example.com'));
      samples.unknown.push(await time('no-such-user@example.com'));
    }
    const median = (xs: number[]) => present(xs.sort((a, b) => a - b)[2]);
    // Both are a lookup and a write or read: well under 50 ms apart, far from an email round trip.
    expect(Math.abs(median(samples.known) - median(samples.unknown))).toBeLessThan(50);
  });

  it('an expired token is refused at the link and at reset', async () => {
    await server.client().signUp('slow@example.com');
    await request('slow@example.com');
    await waitForMail('slow@example.com');
    const token = tokenFrom('slow@example.com');
    server.clock.advance(3601);
    const landing = await server.client().get(`/reset-password/${token}?callbackURL=/reset`);
    expect(landing.headers.get('location')).toBe(`${server.url}/reset?error=INVALID_TOKEN`);
    expect(
      (await errorOf(await server.client().post('/reset-password', { token, newPassword: 'whatever pw 9' })))
        .code,
    ).toBe('INVALID_TOKEN');
  });

  it('enforces the password length on reset', async () => {
    await server.client().signUp('length@example.com');
    await request('length@example.com');
    await waitForMail('length@example.com');
    const token = tokenFrom('length@example.com');
    expect(
      (await errorOf(await server.client().post('/reset-password', { token, newPassword: 'short' }))).code,
    ).toBe('PASSWORD_TOO_SHORT');
    expect(
      (await errorOf(await server.client().post('/reset-password', { token, newPassword: 'x'.repeat(129) })))
        .code,
    ).toBe('PASSWORD_TOO_LONG');
    expect(
      (await server.client().post(`/reset-password?token=${token}`, { newPassword: 'long enough 1' })).status,
    ).toBe(200);
  });

  it('answers 400 INVALID_TOKEN without a token and for an unknown one', async () => {
    expect(
      await errorOf(await server.client().post('/reset-password', { newPassword: 'long enough 1' })),
    ).toEqual({ status: 400, code: 'INVALID_TOKEN', message: 'Invalid token' });
    expect(
      (
        await errorOf(
          await server.client().post('/reset-password', { token: 'nope', newPassword: 'long enough 1' }),
        )
      ).code,
    ).toBe('INVALID_TOKEN');
  });

  it('the link redirects to the error page without a callbackURL, and refuses an untrusted one', async () => {
    const empty = await server.client().get('/reset-password/anything?callbackURL=');
    expect(empty.headers.get('location')).toBe(`${server.url}/api/auth/error?error=INVALID_TOKEN`);
    expect(
      (await errorOf(await server.client().get('/reset-password/anything?callbackURL=https://evil.example/')))
        .code,
    ).toBe('INVALID_CALLBACK_URL');
    expect((await errorOf(await server.client().get('/reset-password/anything'))).code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('refuses an untrusted redirectTo with 403 INVALID_REDIRECT_URL and bad input with 400', async () => {
    expect(
      await errorOf(
        await server
          .client()
          .post('/request-password-reset', { email: 'a@example.com', redirectTo: 'https://evil.example' }),
      ),
    ).toEqual({
      status: 403,
      code: 'INVALID_REDIRECT_URL',
      message: 'Invalid redirectURL',
    });
    expect(
      (await errorOf(await server.client().post('/request-password-reset', { email: 'not an email' }))).code,
    ).toBe('VALIDATION_ERROR');
    expect(
      (await errorOf(await server.client().post('/reset-password', { token: 5, newPassword: 'x' }))).code,
    ).toBe('VALIDATION_ERROR');
  });

  it('keeps existing sessions of a verified account by default', async () => {
    const client = server.client();
    await client.signUp('keeps@example.com');
    await server.database.db
      .updateTable('user')
      .set({ emailVerified: 1 } as never)
      .where('email', '=', 'keeps@example.com')
      .execute();
    await request('keeps@example.com');
    await waitForMail('keeps@example.com');
    await server
      .client()
      .post('/reset-password', { token: tokenFrom('keeps@example.com'), newPassword: 'brand new pw 1' });
    expect(await (await client.get('/get-session?disableCookieCache=true')).json()).not.toBeNull();
  });

  it('a reset of an account nobody had proven leaves it to the resetter alone', async () => {
    const email = 'squatted-reset@example.com';
    const squatter = server.client();
    const { user } = await squatter.signUp(email, 'squatter password 1');
    await addSquattedCredentials(server, user.id);
    const { db } = server.database;

    await request(email);
    await waitForMail(email);
    const reset = await server
      .client()
      .post('/reset-password', { token: tokenFrom(email), newPassword: 'owner password 2' });
    expect(await reset.json()).toEqual({ status: true });

    expect(await (await squatter.get('/get-session?disableCookieCache=true')).json()).toBeNull();
    for (const table of ['passkey', 'twoFactor'] as const)
      expect(await db.selectFrom(table).select('id').where('userId', '=', user.id).execute()).toEqual([]);
    expect(
      await db.selectFrom('account').select('providerId').where('userId', '=', user.id).execute(),
    ).toEqual([{ providerId: 'credential' }]);
    const owner = server.client();
    const signedIn = await owner.post('/sign-in/email', { email, password: 'owner password 2' });
    expect(await signedIn.json()).toMatchObject({
      user: { id: user.id, emailVerified: true },
    });
    const row = await db.selectFrom('user').selectAll().where('id', '=', user.id).executeTakeFirst();
    expect(Number((row as { twoFactorEnabled?: unknown }).twoFactorEnabled)).toBe(0);
    expect(
      await errorOf(await server.client().post('/sign-in/email', { email, password: 'squatter password 1' })),
    ).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    const events = await db
      .selectFrom('auditEvent')
      .select(['type', 'metadata'])
      .where('targetId', '=', user.id)
      .where('type', 'in', ['user.email_verified', 'user.password_reset_completed'])
      .execute();
    expect(events.map((event) => [event.type, JSON.parse(String(event.metadata))])).toEqual(
      expect.arrayContaining([
        ['user.email_verified', { takenOver: true, sessionsRevoked: 1 }],
        ['user.password_reset_completed', { sessionsRevoked: true }],
      ]),
    );
  });
});

describe('password reset options', () => {
  it('without a mailer answers 400 RESET_PASSWORD_DISABLED', async () => {
    const server = await startTestServer();
    expect(
      await errorOf(await server.client().post('/request-password-reset', { email: 'a@example.com' })),
    ).toEqual({
      status: 400,
      code: 'RESET_PASSWORD_DISABLED',
      message: "Reset password isn't enabled",
    });
    await server.close();
  });

  it('revokeSessionsOnPasswordReset signs every device out, cookie caches included', async () => {
    const mailer = new CaptureMailer();
    const server = await startTestServer('sqlite', {
      mailer,
      emailAndPassword: { revokeSessionsOnPasswordReset: true },
    });
    const client = server.client();
    await client.signUp('revoke@example.com');
    await server.client().post('/request-password-reset', { email: 'revoke@example.com', redirectTo: '/r' });
    for (let i = 0; i < 50 && mailer.count('revoke@example.com') === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    const token = present(new URL(mailer.last('revoke@example.com').link).pathname.split('/').pop());
    await server.client().post('/reset-password', { token, newPassword: 'brand new pw 1' });
    expect(await (await client.get('/get-session')).json()).toBeNull();
    await server.close();
  });
});

/** `select:user`, `insert:auditEvent`…: each statement the engine sends, as the database sees it. */
function statementLog() {
  const statements: string[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's operation nodes, read for their table only.
  const tableOf = (node: any): string => {
    const table = node.into ?? node.table ?? node.from?.froms?.[0];
    return table?.table?.identifier?.name ?? '?';
  };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements.push(`${node.kind.replace('QueryNode', '').toLowerCase()}:${tableOf(node)}`);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { statements, plugin };
}

describe.each(testDialects())('asking for a reset costs the same for any address (%s)', (dialect) => {
  it('a known and an unknown address each take a lookup, one verification statement and one event', async () => {
    // Counted rather than timed, like sign-in's hashing: equal work is what keeps the times equal.
    const database = await openTestDatabase(dialect);
    await migrateDatabase(database);
    const { statements, plugin } = statementLog();
    const mailer = new CaptureMailer();
    const auth = createAuth({
      secret: TEST_SECRET,
      baseURL: 'http://localhost:3000',
      database: { ...database, db: database.db.withPlugin(plugin) },
      rateLimit: { enabled: false },
      mailer,
    });
    try {
      await auth.api.signUpEmail({
        body: { name: 'Known', email: 'known@example.com', password: 'correct horse battery' },
      });
      const ask = async (email: string) => {
        statements.length = 0;
        await auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset' } });
        return [...statements];
      };
      const known = await ask('known@example.com');
      const unknown = await ask('nobody@example.com');
      expect(known).toEqual(['select:user', 'insert:verification', 'insert:auditEvent']);
      // The verification statement reads where the known address writes: one indexed statement each.
      expect(unknown).toEqual(['select:user', 'select:verification', 'insert:auditEvent']);
      const events = await database.db
        .selectFrom('auditEvent')
        .select(['targetId', 'actorType'])
        .where('type', '=', 'user.password_reset_requested')
        .orderBy('id')
        .execute();
      expect(events).toEqual([
        { targetId: expect.any(String), actorType: 'anonymous' },
        { targetId: null, actorType: 'anonymous' },
      ]);
    } finally {
      await auth.audit.stopRetention();
      await database.close();
    }
  });
});
