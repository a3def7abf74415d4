import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { startAdminServer } from '../admin/test-kit.ts';
import { eventReads, signedInAdmin } from '../audit/test-kit.ts';
import { MAX_IMPORT_CONTENT_BYTES } from './import-users-route.ts';

const USERS_CSV = readFileSync(join(import.meta.dirname, 'fixtures', 'users.csv'), 'utf8');
const ALICE_BCRYPT = '$2b$10$./c3C1NEqLNxxyAu2QifB.35czmm62qoc6G55OtkDOEqYlzl4BzJG';

describe.each(testDialects())('POST /admin/import-users (%s)', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let member: TestClient;
  const reads = eventReads(dialect);
  beforeAll(async () => {
    server = await startAdminServer(dialect);
    admin = (await signedInAdmin(server, 'ops@example.com')).client;
    member = server.client();
    await member.signUp('member@example.com');
  });
  afterAll(() => server.close());

  const importing = (client: TestClient, body: unknown) => client.post('/admin/import-users', body);

  it('a dry run answers what the import would do and writes nothing', async () => {
    const before = await snapshotDatabase(server.database);
    const response = await importing(admin, { format: 'csv', content: USERS_CSV, dryRun: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, dryRun: true, from: 'csv', created: 4 });
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('imports the file and answers the summary; the audit event holds counts only', async () => {
    const response = await importing(admin, { format: 'csv', content: USERS_CSV });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      dryRun: false,
      from: 'csv',
      file: 'upload',
      total: 4,
      created: 4,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      accounts: { credential: 3, social: 3 },
      hashes: { bcrypt: 2, better_auth_scrypt: 1 },
      organizations: { created: 2, members: 3 },
      warnings: [],
      errors: [],
      durationMs: expect.any(Number),
    });
    const emails = await server.database.db.selectFrom('user').select('email').orderBy('email').execute();
    expect(emails.map((row) => row.email)).toEqual([
      'alice@example.com',
      'bob@example.com',
      'carol@example.com',
      'frank@example.com',
      'member@example.com',
      'ops@example.com',
    ]);
    const event = await reads.latest(admin, '/admin/events', 'admin.users_imported');
    expect(event.metadata).toEqual({
      from: 'csv',
      dryRun: false,
      total: 4,
      created: 4,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      organizationsCreated: 2,
      members: 3,
    });
    expect(JSON.stringify(event)).not.toContain('alice@example.com');
    expect(JSON.stringify(event)).not.toContain(ALICE_BCRYPT);
    // The same file again: nothing is written.
    const before = await snapshotDatabase(server.database);
    const again = await importing(admin, { format: 'csv', content: USERS_CSV });
    expect(await again.json()).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 4 });
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('a file with errors: 400 IMPORT_INVALID with every problem, and nothing written', async () => {
    const before = await snapshotDatabase(server.database);
    const response = await importing(admin, {
      format: 'csv',
      content: 'email,password_hash\nnew@example.com,not-a-hash\nnot an email,\n',
    });
    const body = await response.json();
    expect({ status: response.status, code: body.code, message: body.message }).toEqual({
      status: 400,
      code: 'IMPORT_INVALID',
      message: 'Import refused: 2 records have errors',
    });
    expect(body.errors).toEqual([
      { record: 1, line: 2, id: null, email: 'new@example.com', message: 'unknown password hash format' },
      { record: 2, line: 3, id: null, email: 'not an email', message: 'invalid email not an email' },
    ]);
    expect(JSON.stringify(body)).not.toContain('not-a-hash');
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('signed out 401, not an admin 403', async () => {
    expect(await errorOf(await importing(server.client(), { format: 'csv', content: USERS_CSV }))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
    expect(await errorOf(await importing(member, { format: 'csv', content: USERS_CSV }))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_IMPORT_USERS',
      message: 'You are not allowed to import users',
    });
  });

  it('content over 50 MiB is 413, and nothing is read into the database', async () => {
    const before = await snapshotDatabase(server.database);
    const content = `email\n${'a'.repeat(MAX_IMPORT_CONTENT_BYTES)}`;
    expect(await errorOf(await importing(admin, { format: 'csv', content }))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large',
    });
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('bad input: malformed JSON, an unknown format, wrong types, a missing content, NUL bytes: 400 and nothing changes', async () => {
    const before = await snapshotDatabase(server.database);
    const raw = await admin.post('/admin/import-users', undefined, {
      raw: '{"format": "csv", "content": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(await errorOf(raw)).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid JSON in request body',
    });
    for (const body of [
      { format: 'okta', content: USERS_CSV },
      { format: 'csv', content: 42 },
      { format: 'csv' },
      { format: 'csv', content: USERS_CSV, dryRun: 'yes' },
      { format: 'csv', content: 'email\nnul\u0000@example.com\n' },
    ]) {
      expect(await errorOf(await importing(admin, body)), JSON.stringify(body)).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid body parameters',
      });
    }
    const text = await admin.post('/admin/import-users', undefined, {
      raw: USERS_CSV,
      headers: { 'content-type': 'text/csv' },
    });
    expect((await errorOf(text)).status).toBe(415);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });
});
