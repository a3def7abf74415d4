/**
 * Server-side calls (`auth.api.*`) are never rate limited (docs/security-model.md#rate-limits-and-abuse): they carry no
 * client address, so counting them would put every call of the process in one bucket per path.
 * The same requests over HTTP are still counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from '../../errors.ts';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('server-side calls and the rate limiter (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      rateLimit: { enabled: true, storage: 'database', max: 5, window: 10 },
    });
  });
  afterAll(() => server.close());

  it('lets any number of auth.api calls through', async () => {
    for (let i = 0; i < 20; i++) expect(await server.auth.api.getSession({ headers: {} })).toBeNull();
    for (let i = 0; i < 6; i++) {
      // Awaited at once: a rejection left pending while the loop runs is reported as unhandled.
      await expect(
        server.auth.api.signInEmail({ body: { email: 'x@example.com', password: 'wrong pw!' } }),
      ).rejects.toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 });
    }
    await expect(
      server.auth.api.signInEmail({ body: { email: 'nobody@example.com', password: 'wrong pw!' } }),
    ).rejects.toBeInstanceOf(AuthError);
  });

  it('still counts the same path over HTTP', async () => {
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.get('/get-session')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
