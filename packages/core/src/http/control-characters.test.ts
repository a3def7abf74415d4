/**
 * Text fields refuse NUL and other control characters with 400 `VALIDATION_ERROR`, the same on
 * SQLite (which would store them) and PostgreSQL (whose text cannot hold NUL), and the refusal
 * changes nothing (docs/api.md#bad-input). One-line values (names, slugs, ids, emails, URLs) refuse
 * tab and line breaks too; free text (a ban reason) keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../testing/database-snapshot.ts';
import { testDialects } from '../testing/test-database.ts';
import { startTestServer, type TestClient, type TestServer } from '../testing/test-server.ts';

async function expectRefused(server: TestServer, send: () => Promise<Response>, path: string) {
  const before = await snapshotDatabase(server.database);
  const response = await send();
  const body = (await response.json()) as { code: string; message: string; issues: { path: string }[] };
  expect({ status: response.status, code: body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  expect(body.issues.map((issue) => issue.path)).toContain(path);
  expect(response.headers.get('set-cookie')).toBeNull();
  expect(await snapshotDatabase(server.database)).toBe(before);
}

describe.each(testDialects())('control characters in text fields (%s)', (dialect) => {
  let server: TestServer;
  let user: TestClient;
  let admin: TestClient;
  let organizationId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      admin: { enabled: true },
      organization: { enabled: true },
    });
    user = server.client();
    await user.signUp('user@example.com');
    const created = await user.post('/organization/create', { name: 'Acme', slug: 'acme' });
    organizationId = ((await created.json()) as { id: string }).id;
    admin = server.client();
    const { user: adminUser } = await admin.signUp('admin@example.com');
    await server.database.db
      .updateTable('user')
      .set({ role: 'admin' } as never)
      .where('id', '=', adminUser.id)
      .execute();
  });
  afterAll(() => server.close());

  it.each(['\u0000', '\u0001', '\u001b', '\u007f', '\n', '\t'])(
    'update-user refuses a name holding %j',
    async (c) => {
      await expectRefused(server, () => user.post('/update-user', { name: `Al${c}ice` }), 'body.name');
    },
  );

  it('admin get-user refuses an id holding NUL', async () => {
    await expectRefused(server, () => admin.get('/admin/get-user?id=%00'), 'query.id');
    await expectRefused(server, () => admin.get('/admin/get-user?id=a%0Ab'), 'query.id');
  });

  it.each([
    ['name', { name: 'A\u0000', slug: 'nul-name' }],
    ['slug', { name: 'A', slug: 'nul\u0000slug' }],
    ['logo', { name: 'A', slug: 'nul-logo', logo: 'https://example.com/\u0000.png' }],
    ['slug', { name: 'A', slug: 'tab\tslug' }],
  ])('organization create refuses a %s holding a control character', async (field, body) => {
    await expectRefused(server, () => user.post('/organization/create', body), `body.${field}`);
  });

  it('check-slug and set-active refuse NUL', async () => {
    await expectRefused(
      server,
      () => user.post('/organization/check-slug', { slug: 'a\u0000' }),
      'body.slug',
    );
    await expectRefused(
      server,
      () => user.post('/organization/set-active', { organizationId: `${organizationId}\u0000` }),
      'body.organizationId',
    );
    await expectRefused(
      server,
      () => user.post('/organization/set-active', { organizationSlug: 'acme\u0000' }),
      'body.organizationSlug',
    );
  });

  it('refuses control characters in keys, nested values and sign-in fields', async () => {
    const client = server.client();
    await expectRefused(
      server,
      () => client.post('/sign-in/email', { email: 'user@example.com\u0000', password: 'x' }),
      'body.email',
    );
    await expectRefused(
      server,
      () => client.post('/sign-in/email', { email: 'user@example.com', password: 'a\u0000b' }),
      'body.password',
    );
    await expectRefused(
      server,
      () => user.post('/organization/update', { data: { metadata: { 'k\u0000': 1 } } }),
      'body.data.metadata',
    );
    await expectRefused(
      server,
      () => user.post('/organization/update', { data: { metadata: { list: ['ok', 'b\u0002d'] } } }),
      'body.data.metadata.list.1',
    );
  });

  it('refuses NUL in a path parameter', async () => {
    const response = await server.client().get('/reset-password/%00?callbackURL=%2Freset');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
  });

  it('free text keeps tab and line breaks: a ban reason', async () => {
    const target = server.client();
    const { user: banned } = await target.signUp('banned@example.com');
    const response = await admin.post('/admin/ban-user', {
      userId: banned.id,
      banReason: 'line one\r\n\tline two',
    });
    expect(response.status).toBe(200);
    const row = await server.database.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', banned.id)
      .executeTakeFirstOrThrow();
    expect((row as { banReason?: string }).banReason).toBe('line one\r\n\tline two');
  });
});
