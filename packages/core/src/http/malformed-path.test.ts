/**
 * Path parameters arrive percent-encoded; one that does not decode (a truncated UTF-8 sequence) is
 * bad input and answers 400 `VALIDATION_ERROR` as JSON, never an unhandled 500 (docs/api.md#bad-input).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/test-database.ts';
import { errorOf, rawRequest, startTestServer, type TestServer } from '../testing/test-server.ts';

const BAD_ESCAPE = '%E0%A4%A';

describe.each(testDialects())('malformed percent-escapes (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it.each([
    ['GET', `/reset-password/${BAD_ESCAPE}?callbackURL=%2Freset`],
    ['GET', `/callback/${BAD_ESCAPE}?state=abc&code=def`],
    ['POST', `/callback/${BAD_ESCAPE}`],
  ])('%s %s answers 400 Invalid path parameters', async (method, path) => {
    const response = await rawRequest(
      `${server.url}/api/auth${path}`,
      method,
      method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      method === 'POST' ? 'state=abc&code=def' : undefined,
    );
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(JSON.parse(response.body)).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid path parameters',
      issues: [
        {
          path: 'path.' + (path.startsWith('/reset') ? 'token' : 'id'),
          message: 'Malformed percent-escape',
          kind: 'malformed',
        },
      ],
    });
  });

  it('a malformed escape in a query string is a 4xx JSON answer', async () => {
    const client = server.client();
    for (const path of [
      `/reset-password/abc?callbackURL=${BAD_ESCAPE}`,
      `/get-session?disableCookieCache=${BAD_ESCAPE}`,
      `/verify-email?token=${BAD_ESCAPE}`,
      `/delete-user/callback?token=${BAD_ESCAPE}`,
    ]) {
      const response = await client.get(path);
      expect(response.status, path).toBeLessThan(500);
      if (response.status >= 400) {
        expect(response.headers.get('content-type'), path).toContain('application/json');
        expect((await errorOf(response)).code, path).toBeTypeOf('string');
      }
    }
  });
});
