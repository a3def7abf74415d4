/**
 * Each validation issue names its kind, so a client can say what is wrong in its own language
 * instead of showing the English detail (docs/protocol/core.md#validation-errors).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/test-database.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { MAX_INPUT_DEPTH } from './input-rules.ts';

describe.each(testDialects())('validation issue kinds (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { organization: { enabled: true } });
  });
  afterAll(() => server.close());

  const issuesOf = async (response: Response) => {
    const body = (await response.json()) as { code: string; issues: Record<string, unknown>[] };
    expect({ status: response.status, code: body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    return body.issues;
  };

  it('tells a missing field, a wrong type, a bad format and a length over the bound apart', async () => {
    const missing = await issuesOf(
      await server.client().post('/sign-up/email', { email: 'a@example.com', password: 'long enough pw' }),
    );
    expect(missing).toEqual([{ path: 'body.name', kind: 'required', message: expect.any(String) }]);

    const wrongType = await issuesOf(
      await server.client().post('/sign-up/email', { name: 'N', email: 7, password: 'long enough pw' }),
    );
    expect(wrongType).toEqual([{ path: 'body.email', kind: 'invalid_type', message: expect.any(String) }]);

    const format = await issuesOf(
      await server.client().post('/sign-up/email', { name: 'N', email: 'nope', password: 'long enough pw' }),
    );
    expect(format).toEqual([
      { path: 'body.email', kind: 'invalid_format', format: 'regex', message: 'Invalid email address' },
    ]);

    const long = await issuesOf(
      await server.client().post('/sign-up/email', {
        name: 'n'.repeat(257),
        email: 'b@example.com',
        password: 'long enough pw',
      }),
    );
    expect(long).toEqual([{ path: 'body.name', kind: 'too_long', limit: 256, message: expect.any(String) }]);
  });

  it('names a control character, an empty required text, a wrong choice and nesting too deep', async () => {
    const owner = server.client();
    await owner.signUp('kinds@example.com');
    const control = await issuesOf(await owner.post('/organization/create', { name: 'A\nB', slug: 'ab' }));
    expect(control).toEqual([
      { path: 'body.name', kind: 'control_character', message: 'Control characters are not allowed' },
    ]);
    const nul = await issuesOf(await owner.post('/organization/create', { name: 'A\u0000B', slug: 'ab' }));
    expect(nul).toEqual([expect.objectContaining({ path: 'body.name', kind: 'control_character' })]);
    const empty = await issuesOf(await owner.post('/organization/create', { name: '', slug: 'ab' }));
    expect(empty).toEqual([{ path: 'body.name', kind: 'too_short', limit: 1, message: expect.any(String) }]);
    const choice = await issuesOf(await owner.get('/organization/list-members?sortDirection=sideways'));
    expect(choice).toEqual([expect.objectContaining({ path: 'query.sortDirection', kind: 'invalid_value' })]);
    const deep = await issuesOf(
      await owner.post('/organization/create', undefined, {
        raw: `{"name":"D","slug":"d","metadata":${'{"a":'.repeat(MAX_INPUT_DEPTH + 1)}1${'}'.repeat(MAX_INPUT_DEPTH + 1)}}`,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(deep).toEqual([expect.objectContaining({ kind: 'too_deep' })]);
  });
});
