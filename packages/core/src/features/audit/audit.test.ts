import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import type { NewAuditRow } from './audit.repository.ts';
import { EXPORT_MAX } from './audit-answer.ts';
import { coverageCheck, eventReads, signedInAdmin } from './test-kit.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
type Json = any;
const PASSWORD = 'correct horse battery';

async function events(client: TestClient, path: string): Promise<Json> {
  const response = await client.get(path);
  expect(response.status).toBe(200);
  return response.json();
}

const typesOf = (answer: Json): string[] => answer.events.map((event: Json) => event.type);

describe.each(testDialects())('security activity (%s)', (dialect) => {
  let server: TestServer;
  let adminClient: TestClient;
  let adminId: string;
  const reads = eventReads(dialect);
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      admin: { enabled: true },
      organization: { enabled: true, dynamicAccessControl: { enabled: true } },
    });
    ({ client: adminClient, userId: adminId } = await signedInAdmin(server, 'root@example.com'));
  });
  afterAll(() => server.close());

  it('records sign-up, sign-in, profile update, password change and sign-out, read back as the person', async () => {
    const client = server.client();
    const { user } = await client.signUp('alice@example.com');
    await client.post('/sign-out');
    await client.signIn('alice@example.com', PASSWORD, {});
    expect((await client.post('/update-user', { name: 'Alice' })).status).toBe(200);
    const changed = await client.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another good passphrase',
    });
    expect(changed.status).toBe(200);
    const answer = await events(client, '/security/events');
    expect(typesOf(answer)).toEqual([
      'user.password_changed',
      'user.profile_updated',
      'user.signed_in',
      'user.signed_out',
      'session.created',
      'user.signed_up',
    ]);
    const [password, profile, signedIn] = answer.events;
    expect(password.metadata).toEqual({ otherSessionsRevoked: false });
    expect(profile.metadata).toEqual({ fields: ['name'] });
    expect(signedIn).toMatchObject({
      outcome: 'success',
      actor: { type: 'user', id: user.id, email: 'alice@example.com', impersonatorId: null },
      target: { type: 'user', id: user.id },
      ip: '127.0.0.1',
      errorCode: null,
      metadata: { method: 'password', twoFactor: 'none' },
    });
    expect(signedIn.occurredAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(answer.nextCursor).toBeNull();
  });

  it('records a refused sign-in with the wire error code, and no row for bad input', async () => {
    const before = await countEvents(server);
    const wrong = await server
      .client()
      .post('/sign-in/email', { email: 'alice@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    const malformed = await server.client().post('/sign-in/email', { email: 42 });
    expect(malformed.status).toBe(400);
    expect(await countEvents(server)).toBe(before + 1);
    const answer = await events(adminClient, '/admin/events?type=user.sign_in_failed&limit=1');
    expect(answer.events[0]).toMatchObject({
      type: 'user.sign_in_failed',
      outcome: 'failure',
      errorCode: 'INVALID_EMAIL_OR_PASSWORD',
      actor: { type: 'anonymous', id: null },
      metadata: { method: 'password' },
    });
    // The account exists, so its owner sees the attempt in their own activity.
    const [owner] = await server.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'alice@example.com')
      .execute();
    expect(answer.events[0].target).toEqual({ type: 'user', id: owner?.id });
    const unknown = await server
      .client()
      .post('/sign-in/email', { email: 'nobody@example.com', password: 'x-x-x-x-x' });
    expect(unknown.status).toBe(401);
    const anonymous = await events(adminClient, '/admin/events?type=user.sign_in_failed&limit=1');
    expect(anonymous.events[0].target).toBeNull();
  });

  it('get-session writes nothing', async () => {
    const client = server.client();
    await client.signUp('reader@example.com');
    const before = await countEvents(server);
    for (let i = 0; i < 3; i++) expect((await client.get('/get-session')).status).toBe(200);
    expect(await countEvents(server)).toBe(before);
  });

  it('records session revocations', async () => {
    const client = server.client();
    await client.signUp('sessions@example.com');
    const other = server.client();
    const { token } = await other.signIn('sessions@example.com');
    expect((await client.post('/revoke-session', { token })).status).toBe(200);
    expect((await client.post('/revoke-other-sessions')).status).toBe(200);
    const answer = await events(client, '/security/events?type=session.*');
    expect(typesOf(answer)).toEqual(['session.revoked_all', 'session.revoked', 'session.created']);
    expect(answer.events[0].metadata).toEqual({ count: 0, others: true });
  });

  it('answers only the caller their own events, and 401 without a session', async () => {
    const bob = server.client();
    const { user } = await bob.signUp('bob@example.com');
    const answer = await events(bob, '/security/events');
    expect(answer.events.every((e: Json) => e.actor.id === user.id || e.target?.id === user.id)).toBe(true);
    // The sign-up and the session it started.
    expect(typesOf(answer)).toEqual(['session.created', 'user.signed_up']);
    expect(await errorOf(await server.client().get('/security/events'))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
  });

  it('refuses /admin/events to a non-admin, and exports for admins (recording the export)', async () => {
    const carol = server.client();
    await carol.signUp('carol@example.com');
    expect(await errorOf(await carol.get('/admin/events'))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG',
      message: 'You are not allowed to read the audit log',
    });
    const ndjson = await adminClient.get('/admin/events?format=ndjson&type=user.signed_up');
    expect(ndjson.status).toBe(200);
    expect(ndjson.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = (await ndjson.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.every((event: Json) => event.type === 'user.signed_up')).toBe(true);
    const csv = await adminClient.get('/admin/events?format=csv&type=user.*&limit=5');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toMatch(/^id,type,occurredAt,outcome,actorType,actorId,/);
    expect(rows.length).toBeGreaterThan(3);
    const exported = await reads.latest(adminClient, '/admin/events', 'admin.audit_exported');
    expect(exported).toMatchObject({
      actor: { type: 'admin', id: adminId },
      metadata: { format: 'csv', filters: ['type=user.*'] },
    });
  });

  it('pages with an opaque cursor and filters by outcome, actor and time', async () => {
    const first = await events(adminClient, '/admin/events?limit=2');
    expect(first.events).toHaveLength(2);
    expect(typeof first.nextCursor).toBe('string');
    const second = await events(adminClient, `/admin/events?limit=2&cursor=${first.nextCursor}`);
    expect(second.events[0].id < first.events[1].id).toBe(true);
    const failures = await events(adminClient, '/admin/events?outcome=failure');
    expect(failures.events.length).toBeGreaterThan(0);
    expect(failures.events.every((e: Json) => e.outcome === 'failure')).toBe(true);
    const byActor = await events(adminClient, `/admin/events?actorId=${adminId}`);
    expect(byActor.events.every((e: Json) => e.actor.id === adminId)).toBe(true);
    const future = new Date(server.clock.now() + 60_000).toISOString();
    expect((await events(adminClient, `/admin/events?from=${future}`)).events).toEqual([]);
    const past = await events(adminClient, `/admin/events?to=${future}&limit=1`);
    expect(past.events).toHaveLength(1);
  });

  it.each([
    ['type=User', 'query.type'],
    ['limit=0', 'query.limit'],
    ['limit=201', 'query.limit'],
    ['outcome=maybe', 'query.outcome'],
    ['from=yesterday', 'query.from'],
    ['colour=red', 'query'],
    ['cursor=bm90LWFuLWlk', 'query.cursor'],
    ['type=a&type=b', 'query.type'],
    [`type=${'a'.repeat(101)}`, 'query.type'],
    [`actorId=${'x'.repeat(257)}`, 'query.actorId'],
    ['actorId=a%00b', 'query.actorId'],
    ['format=xml', 'query.format'],
  ])('refuses the bad filter %s with 400 VALIDATION_ERROR', async (query, path) => {
    const response = await adminClient.get(`/admin/events?${query}`);
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.issues[0].path).toBe(path);
  });

  it('own events take no export format, and the organization view needs an organization', async () => {
    const response = await adminClient.get('/security/events?format=csv');
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).code).toBe('VALIDATION_ERROR');
    expect(await errorOf(await adminClient.get('/organization/events'))).toEqual({
      status: 400,
      code: 'NO_ACTIVE_ORGANIZATION',
      message: 'No active organization',
    });
  });

  it('keeps the user agent and x-request-id of the request', async () => {
    const client = server.client();
    await client.signUp('agent@example.com');
    await client.post(
      '/update-user',
      { name: 'Agent' },
      { headers: { 'user-agent': 'Probe/1.0', 'x-request-id': 'req-42' } },
    );
    const event = (await events(client, '/security/events?type=user.profile_updated')).events[0];
    expect(event).toMatchObject({ userAgent: 'Probe/1.0', requestId: 'req-42' });
  });

  it('lets organization readers (owner and admin) read and export, not members or outsiders', async () => {
    const owner = server.client();
    await owner.signUp('owner@example.com');
    const created = await owner.post('/organization/create', { name: 'Acme', slug: 'acme-audit' });
    const organizationId = ((await created.json()) as Json).id as string;
    const member = server.client();
    const { user: memberUser } = await member.signUp('member@example.com');
    const outsider = server.client();
    await outsider.signUp('outsider@example.com');
    await server.database.db
      .insertInto('member')
      .values({
        id: 'audit-member-1',
        organizationId,
        userId: memberUser.id,
        role: 'member',
        createdAt: new Date(server.clock.now()).toISOString(),
      })
      .execute();
    const path = `/organization/events?organizationId=${organizationId}`;
    const answer = await events(owner, path);
    expect(typesOf(answer)).toEqual(['organization.created']);
    expect(answer.events[0].organizationId).toBe(organizationId);
    expect(await errorOf(await member.get(path))).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG',
    });
    expect(await errorOf(await outsider.get(path))).toMatchObject({
      status: 403,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    });
    // Promoted to admin, the member may read.
    await server.database.db
      .updateTable('member')
      .set({ role: 'admin' })
      .where('id', '=', 'audit-member-1')
      .execute();
    expect((await member.get(path)).status).toBe(200);
    const csv = await owner.get(`${path}&format=csv`);
    expect(csv.status).toBe(200);
    const exported = await reads.all(owner, path, 'organization.audit_exported');
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ organizationId, metadata: { format: 'csv', count: 1 } });

    const ndjson = await owner.get(`${path}&format=ndjson`);
    expect(ndjson.status).toBe(200);
    expect(ndjson.headers.get('content-type')).toBe('application/x-ndjson');
    expect(ndjson.headers.get('content-disposition')).toBe('attachment; filename="security-events.ndjson"');
    const lines = (await ndjson.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((event: Json) => event.type)).toEqual([
      'organization.audit_exported',
      'organization.created',
    ]);
    expect(lines.every((event: Json) => event.organizationId === organizationId)).toBe(true);
    expect((await reads.latest(owner, path, 'organization.audit_exported')).metadata).toMatchObject({
      format: 'ndjson',
      count: 2,
    });
  });

  it('a custom role given auditLog:read reads the organization’s events; one without it, or an admin outside it, is refused', async () => {
    const owner = server.client();
    await owner.signUp('roles-owner@example.com');
    const created = await owner.post('/organization/create', { name: 'Roles', slug: 'roles-audit' });
    const organizationId = ((await created.json()) as Json).id as string;
    for (const [role, permission] of [
      ['auditor', { auditLog: ['read'] }],
      ['viewer', { ac: ['read'] }],
    ] as const) {
      expect(
        (await owner.post('/organization/create-role', { organizationId, role, permission })).status,
      ).toBe(200);
    }
    const member = async (address: string, role: string) => {
      const client = server.client();
      const { user } = await client.signUp(address);
      await server.database.db
        .insertInto('member')
        .values({
          id: `member-${role}`,
          organizationId,
          userId: user.id,
          role,
          createdAt: new Date(server.clock.now()).toISOString(),
        })
        .execute();
      return client;
    };
    const auditor = await member('auditor@example.com', 'auditor');
    const viewer = await member('viewer@example.com', 'viewer');
    const path = `/organization/events?organizationId=${organizationId}`;
    const read = await auditor.get(path);
    expect(read.status).toBe(200);
    expect(typesOf(await read.json())).toContain('organization.role_created');
    expect(await errorOf(await viewer.get(path))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG',
      message: 'You are not allowed to read the audit log',
    });
    // A server admin reads every event at /admin/events, but is no reader of an organization they
    // are not in: the organization view answers as to any outsider.
    expect(await errorOf(await adminClient.get(path))).toMatchObject({
      status: 403,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    });
    expect((await adminClient.get(`/admin/events?organizationId=${organizationId}`)).status).toBe(200);
  });

  it('answers 401 on all three routes without a session', async () => {
    for (const path of ['/security/events', '/organization/events?organizationId=x', '/admin/events']) {
      expect(await errorOf(await server.client().get(path)), path).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Unauthorized',
      });
    }
  });

  it('exports at most 10,000 events per download; x-next-cursor continues with the rest', async () => {
    const organizationId = 'export-cap-organization';
    const at = new Date(server.clock.now() - 60_000).toISOString();
    const rows: NewAuditRow[] = Array.from({ length: EXPORT_MAX + 3 }, (_, i) => ({
      // Ids sort by time: these come before any event the engine writes now.
      id: `000000000001${i.toString(16).padStart(6, '0')}${'a'.repeat(10)}`,
      type: 'organization.updated',
      occurredAt: at,
      outcome: 'success',
      actorType: 'system',
      organizationId,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await server.database.db
        .insertInto('auditEvent')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    const first = await adminClient.get(`/admin/events?format=ndjson&organizationId=${organizationId}`);
    expect(first.status).toBe(200);
    const firstLines = (await first.text()).trim().split('\n');
    expect(firstLines).toHaveLength(EXPORT_MAX);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toEqual(expect.any(String));
    const rest = await adminClient.get(
      `/admin/events?format=ndjson&organizationId=${organizationId}&cursor=${cursor}`,
    );
    expect(rest.headers.get('x-next-cursor')).toBeNull();
    const restIds = (await rest.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(restIds).toEqual([rows[2]?.id, rows[1]?.id, rows[0]?.id]);
    expect(JSON.parse(firstLines.at(-1) ?? '{}').id).toBe(rows[3]?.id);
    expect((await reads.latest(adminClient, '/admin/events', 'admin.audit_exported')).metadata).toMatchObject(
      {
        format: 'ndjson',
        count: 3,
      },
    );
  });

  it('records admin actions and impersonation, with the impersonator on actions taken meanwhile', async () => {
    const dave = server.client();
    const { user } = await dave.signUp('dave@example.com');
    const started = await adminClient.post('/admin/impersonate-user', { userId: user.id });
    expect(started.status).toBe(200);
    expect((await adminClient.post('/update-user', { name: 'Not Dave' })).status).toBe(200);
    expect((await adminClient.post('/admin/stop-impersonating')).status).toBe(200);
    expect((await adminClient.post('/admin/ban-user', { userId: user.id, banReason: 'spam' })).status).toBe(
      200,
    );
    const answer = await events(adminClient, `/admin/events?targetId=${user.id}`);
    expect(typesOf(answer).slice(0, 4)).toEqual([
      'admin.user_banned',
      'admin.impersonation_stopped',
      'user.profile_updated',
      'admin.impersonation_started',
    ]);
    expect(answer.events[0]).toMatchObject({
      actor: { type: 'admin', id: adminId },
      metadata: { reason: 'spam' },
    });
    expect(answer.events[2].actor).toMatchObject({ type: 'user', id: user.id, impersonatorId: adminId });
  });

  it('prunes events past the retention on demand', async () => {
    await server.database.db
      .insertInto('auditEvent')
      .values({
        id: '000000000001aaaaaaaaaaaaaaaa',
        type: 'user.signed_in',
        occurredAt: new Date(server.clock.now() - 91 * 86_400_000).toISOString(),
        outcome: 'success',
        actorType: 'anonymous',
        actorId: null,
        actorEmail: null,
        impersonatorId: null,
        targetType: null,
        targetId: null,
        organizationId: null,
        sessionId: null,
        ip: null,
        userAgent: null,
        requestId: null,
        errorCode: null,
        metadata: null,
      })
      .execute();
    const before = await countEvents(server);
    expect(await server.auth.audit.prune()).toBe(1);
    expect(await countEvents(server)).toBe(before - 1);
  });
});

coverageCheck(import.meta.url);

async function countEvents(server: TestServer): Promise<number> {
  const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table('auditEvent')}`.execute(
    server.database.db,
  );
  return Number(row.rows[0]?.n ?? 0);
}
