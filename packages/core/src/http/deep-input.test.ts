/**
 * Input nested deeper than MAX_INPUT_DEPTH is refused with 400 VALIDATION_ERROR before any schema
 * or handler recurses into it: organization metadata 7000 levels deep answered 500 (found by the
 * route fuzz suite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../testing/database-snapshot.ts';
import { testDialects } from '../testing/test-database.ts';
import { startTestServer, type TestClient, type TestServer } from '../testing/test-server.ts';
import { MAX_INPUT_DEPTH } from './input-rules.ts';

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe.each(testDialects())('deeply nested input (%s)', (dialect) => {
  let server: TestServer;
  let owner: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect, { organization: { enabled: true } });
    owner = server.client();
    await owner.signUp('deep@example.com');
  });
  afterAll(() => server.close());

  const create = (slug: string, depth: number) =>
    owner.post('/organization/create', undefined, {
      raw: `{"name":"Deep","slug":"${slug}","metadata":${nested(depth)}}`,
      headers: { 'content-type': 'application/json' },
    });

  it('refuses metadata nested 7000 levels deep and changes nothing', async () => {
    const before = await snapshotDatabase(server.database);
    const response = await create('deep', 7000);
    const body = (await response.json()) as { code: string; issues: { message: string }[] };
    expect(response.status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.issues[0]?.message).toBe(`Nested more than ${MAX_INPUT_DEPTH} levels deep`);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('accepts metadata just within the limit', async () => {
    // The body is level 0 and metadata level 1, so n nested objects put the innermost at level n.
    expect((await create('shallow', MAX_INPUT_DEPTH - 1)).status).toBe(200);
    expect((await create('too-deep', MAX_INPUT_DEPTH)).status).toBe(400);
  });
});
