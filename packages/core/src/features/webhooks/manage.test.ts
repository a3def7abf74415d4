import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symmetricDecrypt } from '../../crypto/encryption.ts';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  addToOrg,
  createEndpoint,
  createOrg,
  ENDPOINT_NOT_FOUND,
  EVENT_TYPE_UNKNOWN,
  expectBadBodiesRefused,
  json,
  LIMIT_REACHED,
  makeAdmin,
  NOT_ALLOWED,
  NOT_MEMBER,
  type Person,
  person,
  QUERY_INVALID,
  RECEIVER,
  startWebhookServer,
  UNAUTHORIZED,
} from './test-kit.ts';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe.each(testDialects())('webhook endpoints (%s)', (dialect) => {
  let server: TestServer;
  let admin: Person;
  let owner: Person;
  let member: Person;
  let stranger: Person;
  let org: { id: string };
  beforeAll(async () => {
    server = await startWebhookServer(dialect);
    admin = await person(server, 'admin');
    await makeAdmin(server, admin);
    owner = await person(server, 'owner');
    member = await person(server, 'member');
    stranger = await person(server, 'stranger');
    org = await createOrg(owner);
    await addToOrg(server, org.id, member, 'member');
  });
  afterAll(() => server.close());

  const stored = (id: string) =>
    server.database.db.selectFrom('webhookEndpoint').selectAll().where('id', '=', id).executeTakeFirst();

  it('create: a server-wide endpoint for an admin, answered once with its secret, stored encrypted', async () => {
    const { endpoint, secret } = await createEndpoint(admin, {
      events: ['user.*', 'session.revoked'],
      description: 'CRM sync',
    });
    expect(secret).toMatch(SECRET);
    expect(endpoint).toEqual({
      id: expect.any(String),
      url: RECEIVER,
      events: ['user.*', 'session.revoked'],
      organizationId: null,
      description: 'CRM sync',
      enabled: true,
      failing: false,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: endpoint.createdAt,
    });
    const row = await stored(endpoint.id);
    expect(row?.secret).not.toContain(secret);
    expect(symmetricDecrypt(server.auth.options.secret, String(row?.secret))).toBe(secret);
    expect(row?.createdBy).toBe(admin.id);
    const event = await server.database.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('type', '=', 'webhook.endpoint_created')
      .where('targetId', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(event.metadata))).toEqual({
      urlHost: '127.0.0.1:9',
      events: ['user.*', 'session.revoked'],
    });
    expect(event.actorId).toBe(admin.id);
  });

  it("create: an organization's endpoint for its owner; list shows it newest first without secrets", async () => {
    const first = await createEndpoint(owner, { organizationId: org.id, events: ['organization.*'] });
    server.clock.advance(1);
    const second = await createEndpoint(owner, { organizationId: org.id, events: ['user.signed_in'] });
    expect(first.endpoint.organizationId).toBe(org.id);
    const listed = await owner.client.get(`/webhooks/list-endpoints?organizationId=${org.id}`);
    expect(listed.status).toBe(200);
    const { endpoints } = await json(listed);
    expect(endpoints.map((e: { id: string }) => e.id).slice(0, 2)).toEqual([
      second.endpoint.id,
      first.endpoint.id,
    ]);
    expect(JSON.stringify(endpoints)).not.toContain('whsec_');
    expect(JSON.stringify(endpoints)).not.toContain('secret');
    // The server-wide list is the admins' and holds none of the organization's.
    const serverWide = await json(await admin.client.get('/webhooks/list-endpoints'));
    expect(serverWide.endpoints.every((e: { organizationId: unknown }) => e.organizationId === null)).toBe(
      true,
    );
  });

  it('create and list refuse in the order of docs/protocol/webhooks.md#41-post-webhookscreate-endpoint: no session, not admin, not member, role lacking', async () => {
    const anonymous = server.client();
    const before = await snapshotDatabase(server.database);
    expect(
      await errorOf(await anonymous.post('/webhooks/create-endpoint', { url: RECEIVER, events: ['*'] })),
    ).toEqual(UNAUTHORIZED);
    expect(await errorOf(await anonymous.get('/webhooks/list-endpoints'))).toEqual(UNAUTHORIZED);
    expect(
      await errorOf(await owner.client.post('/webhooks/create-endpoint', { url: RECEIVER, events: ['*'] })),
    ).toEqual(NOT_ALLOWED);
    expect(await errorOf(await owner.client.get('/webhooks/list-endpoints'))).toEqual(NOT_ALLOWED);
    const forOrg = { url: RECEIVER, events: ['*'], organizationId: org.id };
    expect(await errorOf(await stranger.client.post('/webhooks/create-endpoint', forOrg))).toEqual(
      NOT_MEMBER,
    );
    expect(
      await errorOf(
        await stranger.client.post('/webhooks/create-endpoint', { ...forOrg, organizationId: 'nope' }),
      ),
    ).toEqual(NOT_MEMBER);
    expect(
      await errorOf(await stranger.client.get(`/webhooks/list-endpoints?organizationId=${org.id}`)),
    ).toEqual(NOT_MEMBER);
    expect(await errorOf(await member.client.post('/webhooks/create-endpoint', forOrg))).toEqual(NOT_ALLOWED);
    expect(
      await errorOf(await member.client.get(`/webhooks/list-endpoints?organizationId=${org.id}`)),
    ).toEqual(NOT_ALLOWED);
    // A server admin has no rights over an organization's endpoints without a membership.
    expect(await errorOf(await admin.client.post('/webhooks/create-endpoint', forOrg))).toEqual(NOT_MEMBER);
    // The permission comes before the events check.
    expect(
      await errorOf(await member.client.post('/webhooks/create-endpoint', { ...forOrg, events: ['nope'] })),
    ).toEqual(NOT_ALLOWED);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('create: unknown event types, bare groups and unknown groups are refused', async () => {
    for (const events of [['user'], ['nope.*'], ['user.nope'], ['apiKey.*'], ['user.signed_in', 'x']])
      expect(
        await errorOf(await admin.client.post('/webhooks/create-endpoint', { url: RECEIVER, events })),
        JSON.stringify(events),
      ).toEqual(EVENT_TYPE_UNKNOWN);
    for (const events of [['*'], ['rate_limit.*', 'webhook.*', 'api_key.*', 'api_key.created'], ['admin.*']])
      expect((await admin.client.post('/webhooks/create-endpoint', { url: RECEIVER, events })).status).toBe(
        200,
      );
  });

  it('create: bad bodies change nothing', async () => {
    await expectBadBodiesRefused(
      server,
      (raw) =>
        admin.client.post('/webhooks/create-endpoint', undefined, {
          raw,
          headers: { 'content-type': 'application/json' },
        }),
      [
        {},
        { url: RECEIVER },
        { events: ['*'] },
        { url: 5, events: ['*'] },
        { url: RECEIVER, events: '*' },
        { url: RECEIVER, events: [] },
        { url: RECEIVER, events: ['*', '*'] },
        { url: RECEIVER, events: Array.from({ length: 101 }, (_, n) => `x${n}`) },
        { url: RECEIVER, events: ['*'], description: '' },
        { url: RECEIVER, events: ['*'], description: 'x'.repeat(501) },
        { url: RECEIVER, events: ['*'], description: 'two\nlines' },
        { url: `${RECEIVER}\u0000`, events: ['*'] },
        { url: RECEIVER, events: ['*'], secret: 'whsec_mine' },
        { url: RECEIVER, events: ['*'], enabled: false },
      ],
    );
  });

  it('create: at most 20 endpoints per organization', async () => {
    const other = await createOrg(owner);
    for (let n = 0; n < 20; n++) await createEndpoint(owner, { organizationId: other.id });
    const before = await snapshotDatabase(server.database);
    expect(
      await errorOf(
        await owner.client.post('/webhooks/create-endpoint', {
          url: RECEIVER,
          events: ['*'],
          organizationId: other.id,
        }),
      ),
    ).toEqual(LIMIT_REACHED);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('update: changes the named fields, clears the description with null, records the fields', async () => {
    const { endpoint } = await createEndpoint(owner, { organizationId: org.id, description: 'old' });
    const response = await owner.client.post('/webhooks/update-endpoint', {
      endpointId: endpoint.id,
      events: ['user.signed_up'],
      description: null,
      url: 'http://127.0.0.1:10/other',
    });
    expect(response.status).toBe(200);
    const { endpoint: updated } = await json(response);
    expect(updated).toMatchObject({
      id: endpoint.id,
      url: 'http://127.0.0.1:10/other',
      events: ['user.signed_up'],
      description: null,
      enabled: true,
    });
    const event = await server.database.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('type', '=', 'webhook.endpoint_updated')
      .where('targetId', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(event.metadata))).toEqual({
      fields: ['url', 'events', 'description'],
      enabled: true,
    });
    expect(event.organizationId).toBe(org.id);
  });

  it('update: disabling fails the pending deliveries at once', async () => {
    const { endpoint } = await createEndpoint(owner, { organizationId: org.id });
    expect((await owner.client.post('/webhooks/send-test', { endpointId: endpoint.id })).status).toBe(200);
    const off = await owner.client.post('/webhooks/update-endpoint', {
      endpointId: endpoint.id,
      enabled: false,
    });
    expect((await json(off)).endpoint.enabled).toBe(false);
    const deliveries = await server.database.db
      .selectFrom('webhookDelivery')
      .select(['status', 'nextAttemptAt'])
      .where('endpointId', '=', endpoint.id)
      .execute();
    expect(deliveries).toEqual([{ status: 'failed', nextAttemptAt: null }]);
  });

  it('update: no change, unknown keys and bad types are refused; unknown events too', async () => {
    const { endpoint } = await createEndpoint(admin);
    await expectBadBodiesRefused(
      server,
      (raw) =>
        admin.client.post('/webhooks/update-endpoint', undefined, {
          raw,
          headers: { 'content-type': 'application/json' },
        }),
      [
        { endpointId: endpoint.id },
        {},
        { endpointId: endpoint.id, enabled: 'no' },
        { endpointId: endpoint.id, events: [] },
        { endpointId: endpoint.id, organizationId: 'x' },
        { endpointId: endpoint.id, description: '' },
      ],
    );
    expect(
      await errorOf(
        await admin.client.post('/webhooks/update-endpoint', { endpointId: endpoint.id, events: ['x'] }),
      ),
    ).toEqual(EVENT_TYPE_UNKNOWN);
  });

  it('delete: removes the endpoint and its log; every route then answers 404', async () => {
    const { endpoint } = await createEndpoint(owner, { organizationId: org.id });
    await owner.client.post('/webhooks/send-test', { endpointId: endpoint.id });
    const response = await owner.client.post('/webhooks/delete-endpoint', { endpointId: endpoint.id });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true });
    expect(await stored(endpoint.id)).toBeUndefined();
    const left = await server.database.db
      .selectFrom('webhookDelivery')
      .select('id')
      .where('endpointId', '=', endpoint.id)
      .execute();
    expect(left).toEqual([]);
    for (const [path, body] of [
      ['/webhooks/delete-endpoint', { endpointId: endpoint.id }],
      ['/webhooks/update-endpoint', { endpointId: endpoint.id, enabled: true }],
      ['/webhooks/rotate-secret', { endpointId: endpoint.id }],
      ['/webhooks/send-test', { endpointId: endpoint.id }],
    ] as const)
      expect(await errorOf(await owner.client.post(path, body)), path).toEqual(ENDPOINT_NOT_FOUND);
    expect(
      await errorOf(await owner.client.get(`/webhooks/list-deliveries?endpointId=${endpoint.id}`)),
    ).toEqual(ENDPOINT_NOT_FOUND);
  });

  it('rotate: a new secret answered once; the old one kept encrypted as the previous for 24 hours', async () => {
    const { endpoint, secret } = await createEndpoint(admin);
    const response = await admin.client.post('/webhooks/rotate-secret', { endpointId: endpoint.id });
    expect(response.status).toBe(200);
    const { secret: renewed } = await json(response);
    expect(renewed).toMatch(SECRET);
    expect(renewed).not.toBe(secret);
    const row = await stored(endpoint.id);
    const open = (sealed: unknown) => symmetricDecrypt(server.auth.options.secret, String(sealed));
    expect(open(row?.secret)).toBe(renewed);
    expect(open(row?.previousSecret)).toBe(secret);
    expect(new Date(String(row?.previousSecretUntil)).getTime()).toBe(server.auth.options.now() + 86_400_000);
    // A second rotation drops the oldest: only the last two remain.
    const third = (
      await json(await admin.client.post('/webhooks/rotate-secret', { endpointId: endpoint.id }))
    ).secret;
    const after = await stored(endpoint.id);
    expect([open(after?.secret), open(after?.previousSecret)]).toEqual([third, renewed]);
  });

  it('invisible endpoints answer exactly like unknown ones; a member without the role gets 403', async () => {
    const serverWide = await createEndpoint(admin);
    const orgs = await createEndpoint(owner, { organizationId: org.id });
    const cases: [Person, string, object][] = [
      [owner, serverWide.endpoint.id, ENDPOINT_NOT_FOUND],
      [stranger, orgs.endpoint.id, ENDPOINT_NOT_FOUND],
      [admin, orgs.endpoint.id, ENDPOINT_NOT_FOUND],
      [owner, 'no-such-endpoint', ENDPOINT_NOT_FOUND],
      [member, orgs.endpoint.id, NOT_ALLOWED],
    ];
    const before = await snapshotDatabase(server.database);
    for (const [who, endpointId, expected] of cases) {
      for (const path of ['/webhooks/delete-endpoint', '/webhooks/rotate-secret', '/webhooks/send-test'])
        expect(await errorOf(await who.client.post(path, { endpointId })), `${path} ${endpointId}`).toEqual(
          expected,
        );
      expect(
        await errorOf(await who.client.post('/webhooks/update-endpoint', { endpointId, enabled: false })),
      ).toEqual(expected);
      expect(
        await errorOf(await who.client.get(`/webhooks/list-deliveries?endpointId=${endpointId}`)),
      ).toEqual(expected);
    }
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('a custom role given webhook rights may manage; one given read only may list but not change', async () => {
    const reader = await person(server, 'reader');
    const created = await owner.client.post('/organization/create-role', {
      organizationId: org.id,
      role: 'hook-reader',
      permission: { webhook: ['read'] },
    });
    expect(created.status, await created.clone().text()).toBe(200);
    await addToOrg(server, org.id, reader, 'hook-reader');
    const asked = await reader.client.post('/organization/has-permission', {
      organizationId: org.id,
      permissions: { webhook: ['read'] },
    });
    expect(await json(asked)).toMatchObject({ success: true });
    const { endpoint } = await createEndpoint(owner, { organizationId: org.id });
    expect((await reader.client.get(`/webhooks/list-endpoints?organizationId=${org.id}`)).status).toBe(200);
    expect((await reader.client.get(`/webhooks/list-deliveries?endpointId=${endpoint.id}`)).status).toBe(200);
    expect(
      await errorOf(await reader.client.post('/webhooks/rotate-secret', { endpointId: endpoint.id })),
    ).toEqual(NOT_ALLOWED);
  });

  it('list-endpoints refuses unknown query keys', async () => {
    expect(await errorOf(await admin.client.get('/webhooks/list-endpoints?orgId=x'))).toEqual(QUERY_INVALID);
  });
});

describe('webhooks off', () => {
  it('answers 404 NOT_FOUND on every route', async () => {
    const server = await startTestServer('sqlite', { admin: { enabled: true } });
    try {
      const someone = await person(server);
      await makeAdmin(server, someone);
      const post = await someone.client.post('/webhooks/create-endpoint', { url: RECEIVER, events: ['*'] });
      expect(post.status).toBe(404);
      expect((await json(post)).code).toBe('NOT_FOUND');
      expect((await someone.client.get('/webhooks/list-endpoints')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
