import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from './errors.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

describe('auth.api: endpoints as server-side functions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('signs up and reads the session through the same rules as HTTP', async () => {
    const signUp = await server.auth.api.signUpEmail.asResponse({
      body: { name: 'Api', email: 'api@example.com', password: 'long enough pw' },
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const session = (await server.auth.api.getSession({ headers: { cookie } })) as {
      user: { email: string };
    };
    expect(session.user.email).toBe('api@example.com');
  });

  it('rejects with an AuthError carrying the code, status and message', async () => {
    const failure = server.auth.api.signInEmail({
      body: { email: 'api@example.com', password: 'wrong password' },
    });
    await expect(failure).rejects.toBeInstanceOf(AuthError);
    await expect(failure).rejects.toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      status: 401,
      message: 'Invalid email or password',
    });
  });

  it('answers null for a request without a session', async () => {
    expect(await server.auth.api.getSession({ headers: {} })).toBeNull();
  });
});
