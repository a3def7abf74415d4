import { describe, expect, it } from 'vitest';
import { counterBackends, serversOf, sharedBackends, stableHeaders } from '../../testing/counter-backends.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';

const PASSWORD = 'correct horse battery';
const LOCKED = {
  status: 429,
  code: 'TOO_MANY_SIGN_IN_ATTEMPTS',
  message: 'Too many failed sign-in attempts for this email. Please try again later.',
};
const WRONG = { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };

let sequence = 0;
const freshEmail = (label: string) =>
  `${label}-${++sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Each attempt from a new browser: the count is the address's, whoever tries. */
const signIn = (server: TestServer, email: string, password: string) =>
  server.client().post('/sign-in/email', { email, password });

async function failTimes(server: TestServer, email: string, times: number) {
  for (let i = 0; i < times; i++)
    expect(await errorOf(await signIn(server, email, 'wrong password'))).toEqual(WRONG);
}

describe.each(counterBackends)('sign-in lockout: $name', (backend) => {
  const servers = serversOf(backend);
  const start = async () => {
    const server = await startTestServer(backend.dialect, backend.options());
    servers.push(server);
    return server;
  };

  it('after 10 wrong passwords an address is refused for 900 s, the same way whether or not it has an account', async () => {
    const server = await start();
    const known = freshEmail('known');
    await server.client().signUp(known, PASSWORD);
    const unknown = freshEmail('unknown');
    await failTimes(server, known, 10);
    await failTimes(server, unknown, 10);

    const [forKnown, forUnknown] = [
      await signIn(server, known, 'wrong'),
      await signIn(server, unknown, 'wrong'),
    ];
    expect(stableHeaders(forKnown)).toEqual(stableHeaders(forUnknown));
    expect(forKnown.headers.get('retry-after')).toBe('900');
    expect(forKnown.headers.get('x-retry-after')).toBe('900');
    const body = await forKnown.text();
    expect(body).toBe(await forUnknown.text());
    expect({ status: forKnown.status, ...JSON.parse(body) }).toEqual(LOCKED);

    // The right password is refused too: otherwise the lock would tell the guesser it was right.
    const right = await signIn(server, known, PASSWORD);
    expect(await errorOf(right)).toEqual(LOCKED);
    expect(right.headers.getSetCookie()).toEqual([]);

    // Refused attempts do not extend the lock; it ends 900 s after the 10th failure.
    server.clock.advance(899);
    expect((await errorOf(await signIn(server, known, PASSWORD))).code).toBe(LOCKED.code);
    server.clock.advance(1);
    expect((await signIn(server, known, PASSWORD)).status).toBe(200);
    expect(await errorOf(await signIn(server, unknown, 'wrong'))).toEqual(WRONG);
  });

  it('a right password starts the count over', async () => {
    const server = await start();
    const email = freshEmail('forgetful');
    await server.client().signUp(email, PASSWORD);
    await failTimes(server, email, 9);
    expect((await signIn(server, email, PASSWORD)).status).toBe(200);
    await failTimes(server, email, 9);
    expect((await signIn(server, email, PASSWORD)).status).toBe(200);
  });

  it('records the lock as a security event aimed at the account, and an unknown address’s without a target', async () => {
    const server = await start();
    const known = freshEmail('target');
    const { user } = await server.client().signUp(known, PASSWORD);
    await failTimes(server, known, 10);
    await failTimes(server, freshEmail('nobody'), 10);
    const events = await server.database.db
      .selectFrom('auditEvent')
      .select(['targetId', 'metadata'])
      .where('type', '=', 'user.locked_out')
      .orderBy('id')
      .execute();
    const until = new Date(server.clock.now() + 900_000).toISOString();
    expect(events.map((event) => [event.targetId, JSON.parse(String(event.metadata))])).toEqual([
      [user.id, { method: 'password', until }],
      [null, { method: 'password', until }],
    ]);
  });

  it('is off with signInLockout.enabled false', async () => {
    const server = await startTestServer(backend.dialect, {
      ...backend.options(),
      emailAndPassword: { signInLockout: { enabled: false } },
    });
    servers.push(server);
    const email = freshEmail('unlimited');
    await server.client().signUp(email, PASSWORD);
    await failTimes(server, email, 12);
    expect((await signIn(server, email, PASSWORD)).status).toBe(200);
  });
});

describe.each(sharedBackends)('sign-in lockout across two servers: $name', (backend) => {
  const servers = serversOf(backend);

  it('failures on either server count towards one lock', async () => {
    const options = { ...backend.options(), emailAndPassword: { signInLockout: { maxFailedAttempts: 4 } } };
    const first = await startTestServer(backend.dialect, options);
    servers.push(first);
    const second = await startTestServer(backend.dialect, options);
    servers.push(second);
    const email = freshEmail('spread');
    await failTimes(first, email, 2);
    await failTimes(second, email, 2);
    expect(await errorOf(await signIn(first, email, 'wrong'))).toEqual(LOCKED);
    expect(await errorOf(await signIn(second, email, 'wrong'))).toEqual(LOCKED);
  });
});
