import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthError } from '../errors.ts';
import { errorOf, rawRequest, startTestServer, type TestServer } from '../testing/test-server.ts';
import { validate } from './validate.ts';

describe('the request pipeline', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  // JSON wherever the engine controls the answer (docs/api.md#bad-input; 1.7 sends an empty 404).
  it.each([
    ['an unknown path', 'GET', '/api/auth/nope'],
    ['a trailing slash', 'GET', '/api/auth/ok/'],
    ['another case', 'GET', '/api/auth/OK'],
    ['the base path itself', 'GET', '/api/auth'],
    ['a double slash', 'GET', '/api/auth//ok'],
    ['a path outside the base path', 'GET', '/ok'],
    ['a server-only route', 'POST', '/api/auth/organization/add-member'],
  ])('answers 404 NOT_FOUND as JSON for %s', async (_, method, path) => {
    const response = await rawRequest(`${server.url}${path}`, method, {});
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('application/json');
    expect(JSON.parse(response.body)).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
  });

  it.each([
    ['GET', '/api/auth/sign-in/email', 'POST'],
    ['POST', '/api/auth/ok', 'GET'],
    ['PUT', '/api/auth/get-session', 'GET, POST'],
    ['DELETE', '/api/auth/callback/github', 'GET, POST'],
    ['OPTIONS', '/api/auth/sign-out', 'POST'],
  ])(
    "answers %s %s with Better Auth's 404 (never 405), NOT_FOUND JSON and Allow: %s",
    async (method, path, allow) => {
      const response = await rawRequest(`${server.url}${path}`, method, {});
      expect(response.status).toBe(404);
      expect(response.headers.allow).toBe(allow);
      expect(JSON.parse(response.body)).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
    },
  );

  it('answers HEAD on a GET route with 404 and no body', async () => {
    const response = await rawRequest(`${server.url}/api/auth/ok`, 'HEAD', {});
    expect(response.status).toBe(404);
    expect(response.headers.allow).toBe('GET');
    expect(response.body).toBe('');
  });

  it('answers /ok', async () => {
    const response = await server.client().get('/ok');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('serves an error page that escapes what it echoes', async () => {
    const response = await server.client().get('/error?error=<script>&error_description=<b>bold</b>');
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('UNKNOWN');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<script>');
  });

  it('answers malformed JSON with 400 BAD_REQUEST and changes nothing', async () => {
    const response = await server.client().post('/sign-up/email', undefined, {
      raw: '{"name": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid JSON in request body',
    });
  });

  it('answers a body of another media type with 415', async () => {
    const response = await server
      .client()
      .post('/revoke-session', undefined, { raw: 'token=x', headers: { 'content-type': 'text/plain' } });
    expect(await errorOf(response)).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Content-Type "text/plain" is not allowed. Allowed types: application/json',
    });
  });

  it('refuses form posts outside sign-in and sign-up with 415', async () => {
    const response = await server.client().post('/revoke-session', undefined, {
      raw: 'token=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });

  it('answers a body without a content type with 415', async () => {
    const response = await rawRequest(`${server.url}/api/auth/sign-out`, 'POST', {}, '{}');
    expect(response.status).toBe(415);
    expect(JSON.parse(response.body).message).toBe(
      'Content-Type is required. Allowed types: application/json',
    );
  });

  it('refuses a body over 64 KiB with 413 before parsing it', async () => {
    const huge = JSON.stringify({
      name: 'x'.repeat(70_000),
      email: 'big@example.com',
      password: 'long enough pw',
    });
    const response = await server
      .client()
      .post('/sign-up/email', undefined, { raw: huge, headers: { 'content-type': 'application/json' } });
    expect(await errorOf(response)).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large',
    });
    const count = await server.database.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('validation failures of queries say Invalid query parameters', () => {
    expect(() => validate(z.object({ token: z.string() }), {}, 'query')).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_ERROR', status: 400, message: 'Invalid query parameters' }),
    );
  });

  it('answers an unhandled failure with a bare 500 that reveals nothing', async () => {
    const broken = await startTestServer();
    const client = broken.client();
    await client.signUp('broken@example.com');
    await sql`drop table session`.execute(broken.database.db);
    const response = await client.get('/list-sessions');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: 'Internal Server Error',
      code: 'INTERNAL_SERVER_ERROR',
    });
    const session = await client.get('/get-session?disableCookieCache=true');
    expect(await errorOf(session)).toEqual({
      status: 500,
      code: 'FAILED_TO_GET_SESSION',
      message: 'Failed to get session',
    });
    await broken.close();
  });

  it('AuthError fills catalogue placeholders', () => {
    expect(new AuthError('MISSING_FIELD', { params: { field: 'nickname' } }).message).toBe(
      'nickname is required',
    );
  });
});
