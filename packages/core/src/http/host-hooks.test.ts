import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../create-auth.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateDatabase } from '../db/migrate.ts';
import type { AuthDatabase } from '../db/schema.ts';
import { checkedAuth } from '../testing/answer-checker.ts';
import { testPasswordHasher } from '../testing/cheap-password-hasher.ts';
import { present } from '../testing/present.ts';
import { TEST_SECRET } from '../testing/test-server.ts';
import type { HandlerAnswer } from './request-outcome.ts';

const BASE = 'http://localhost:3000';

describe("the host's hooks: onAnswer and events", () => {
  let database: AuthDatabase;
  const counts = { created: 0, revoked: 0 };
  let auth: ReturnType<typeof createAuth>;
  let assertConforms: () => void;
  beforeAll(async () => {
    database = connectDatabase(':memory:');
    await migrateDatabase(database);
    // Every answer is held to the OpenAPI document, as behind startTestServer.
    ({ auth, assertConforms } = await checkedAuth(
      createAuth({
        secret: TEST_SECRET,
        baseURL: BASE,
        database,
        emailAndPassword: { password: testPasswordHasher },
        rateLimit: { enabled: true, customRules: { '/ok': { window: 60, max: 1 } } },
        events: {
          sessionCreated: () => counts.created++,
          sessionsRevoked: (count) => (counts.revoked += count),
        },
        logError: () => {},
      }),
    ));
  });
  afterAll(async () => {
    await database.close();
    assertConforms();
  });

  /** Sends a request the way a host would, and returns the status and what onAnswer was told. */
  async function answered(path: string, init: RequestInit = {}) {
    const answers: HandlerAnswer[] = [];
    const response = await auth.handler(
      new Request(`${BASE}/api/auth${path}`, { ...init, headers: { origin: BASE, ...init.headers } }),
      { remoteAddress: '192.0.2.1', onAnswer: (answer) => answers.push(answer) },
    );
    expect(answers).toHaveLength(1);
    return { response, answer: present(answers[0]) };
  }

  const post = (path: string, body: unknown, cookie = '') =>
    answered(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });

  it('names the route template, never the path as sent, and the refusal code', async () => {
    const reset = await answered('/reset-password/some-token-value?callbackURL=/x');
    expect(reset.answer).toEqual({ route: '/reset-password/:token', code: undefined, status: 302 });
    expect((await answered('/nope')).answer).toEqual({ route: undefined, code: 'NOT_FOUND', status: 404 });
    const invalid = await post('/sign-in/email', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(invalid.response.status).toBe(401);
    expect(invalid.answer).toEqual({
      route: '/sign-in/email',
      code: 'INVALID_EMAIL_OR_PASSWORD',
      status: 401,
      signIn: { factor: 'password', outcome: 'INVALID_EMAIL_OR_PASSWORD' },
    });
    expect((await post('/sign-in/email', { email: 1 })).answer.code).toBe('VALIDATION_ERROR');
  });

  it('reports a rate-limit refusal as RATE_LIMITED on its route', async () => {
    expect((await answered('/ok')).answer).toEqual({ route: '/ok', code: undefined, status: 200 });
    const limited = await answered('/ok');
    expect(limited.response.status).toBe(429);
    expect(limited.answer).toEqual({ route: '/ok', code: 'RATE_LIMITED', status: 429 });
  });

  it('counts sessions as they are created and revoked', async () => {
    const email = `events-${Date.now()}@example.com`;
    const signUp = await post('/sign-up/email', { email, password: 'a long enough password', name: 'E' });
    expect(signUp.response.status).toBe(200);
    expect(counts).toEqual({ created: 1, revoked: 0 });
    const signIn = await post('/sign-in/email', { email, password: 'a long enough password' });
    expect(counts).toEqual({ created: 2, revoked: 0 });
    const cookie = signIn.response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect((await post('/revoke-sessions', {}, cookie)).response.status).toBe(200);
    expect(counts).toEqual({ created: 2, revoked: 2 });
  });
});
