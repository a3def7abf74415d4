import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import {
  addMember,
  createOrg,
  freshSlug,
  json,
  orgSnapshot,
  type Person,
  person,
  sessionActive,
  startOrgServer,
} from './test-kit.ts';

describe.each(testDialects())('organizations: create, read, update, delete (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  let outsider: Person;
  beforeAll(async () => {
    server = await startOrgServer(dialect);
    owner = await person(server, 'owner');
    outsider = await person(server, 'outsider');
  });
  afterAll(() => server.close());

  it('create makes the caller owner, a default team, and sets the active organization and team', async () => {
    const slug = freshSlug();
    const response = await owner.client.post('/organization/create', {
      name: 'Acme',
      slug,
      metadata: { plan: 'pro' },
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ name: 'Acme', slug, logo: null, metadata: { plan: 'pro' } });
    expect(Object.keys(body.members[0])).toEqual(['id', 'organizationId', 'userId', 'role', 'createdAt']);
    expect(body.members[0]).toMatchObject({ userId: owner.id, role: 'owner', organizationId: body.id });
    const active = await sessionActive(owner.client);
    expect(active.activeOrganizationId).toBe(body.id);
    const team = await server.database.db
      .selectFrom('team')
      .selectAll()
      .where('organizationId', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(active.activeTeamId).toBe(team.id);
    expect(team.updatedAt).toBeNull();
    // The cookie-cached get-session sees the change too: the cookies were re-issued.
    const cached = await json(await owner.client.get('/get-session'));
    expect(cached.session.activeOrganizationId).toBe(body.id);
  });

  it('create refuses a taken slug, bad input and signed-out callers, writing nothing', async () => {
    const org = await createOrg(owner);
    const before = await orgSnapshot(server);
    expect(
      await errorOf(await owner.client.post('/organization/create', { name: 'X', slug: org.slug })),
    ).toEqual({
      status: 400,
      code: 'ORGANIZATION_ALREADY_EXISTS',
      message: 'Organization already exists',
    });
    expect((await owner.client.post('/organization/create', { name: '', slug: 's' })).status).toBe(400);
    expect(
      (await owner.client.post('/organization/create', { name: 'x'.repeat(300), slug: 's' })).status,
    ).toBe(400);
    expect((await owner.client.post('/organization/create', { slug: 's' })).status).toBe(400);
    expect(
      (
        await owner.client.post(
          '/organization/create',
          {},
          { raw: '{bad', headers: { 'content-type': 'application/json' } },
        )
      ).status,
    ).toBe(400);
    expect(
      (await server.client().post('/organization/create', { name: 'A', slug: freshSlug() })).status,
    ).toBe(401);
    expect(await orgSnapshot(server)).toBe(before);
  });

  it('list returns the caller organizations with metadata as stored text', async () => {
    const org = await createOrg(owner, { metadata: { k: 1 } });
    const list = (await json(await owner.client.get('/organization/list'))) as unknown as Record<
      string,
      unknown
    >[];
    expect(list.find((o) => o.id === org.id)).toMatchObject({ metadata: '{"k":1}' });
    expect(await json(await outsider.client.get('/organization/list'))).toEqual([]);
  });

  it('check-slug answers free or taken', async () => {
    const org = await createOrg(owner);
    expect(await json(await owner.client.post('/organization/check-slug', { slug: freshSlug() }))).toEqual({
      status: true,
    });
    expect(
      await errorOf(await owner.client.post('/organization/check-slug', { slug: org.slug })),
    ).toMatchObject({
      status: 400,
      code: 'ORGANIZATION_SLUG_ALREADY_TAKEN',
    });
    expect((await owner.client.post('/organization/check-slug', {})).status).toBe(400);
  });

  it('get-full-organization returns members, invitations and teams; non-members get 403 and lose their active org', async () => {
    const org = await createOrg(owner);
    const full = await json(
      await owner.client.get(`/organization/get-full-organization?organizationId=${org.id}`),
    );
    expect(full.members).toHaveLength(1);
    expect(full.members[0].user).toMatchObject({ id: owner.id, email: owner.email });
    expect(full.invitations).toEqual([]);
    expect(full.teams[0]).toMatchObject({ memberCount: 1 });
    const bySlug = await json(
      await owner.client.get(`/organization/get-full-organization?organizationSlug=${org.slug}`),
    );
    expect(bySlug.id).toBe(org.id);

    const mine = await createOrg(outsider);
    expect((await sessionActive(outsider.client)).activeOrganizationId).toBe(mine.id);
    expect(
      await errorOf(
        await outsider.client.get(`/organization/get-full-organization?organizationId=${org.id}`),
      ),
    ).toEqual({
      status: 403,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      message: 'User is not a member of the organization',
    });
    // The refusal keeps the active organization (README: deliberate differences).
    expect((await sessionActive(outsider.client)).activeOrganizationId).toBe(mine.id);
    await outsider.client.post('/organization/set-active', { organizationId: null });
    expect(await json(await outsider.client.get('/organization/get-full-organization'))).toBeNull();
    expect(
      await errorOf(await owner.client.get('/organization/get-full-organization?organizationSlug=nope-nope')),
    ).toMatchObject({
      status: 400,
      code: 'ORGANIZATION_NOT_FOUND',
    });
    expect((await owner.client.get('/organization/get-full-organization?membersLimit=abc')).status).toBe(400);
    const bare = await json(
      await owner.client.get(`/organization/get-organization?organizationId=${org.id}`),
    );
    expect(Object.keys(bare)).toEqual([
      'id',
      'name',
      'slug',
      'logo',
      'createdAt',
      'metadata',
      'requireTwoFactor',
    ]);
  });

  it('set-active sets, clears and refuses non-members', async () => {
    const org = await createOrg(owner);
    const other = await createOrg(owner);
    const response = await owner.client.post('/organization/set-active', { organizationId: org.id });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toContain('session_token');
    expect((await json(response)).id).toBe(org.id);
    expect((await sessionActive(owner.client)).activeOrganizationId).toBe(org.id);
    expect(
      (await json(await owner.client.post('/organization/set-active', { organizationSlug: other.slug }))).id,
    ).toBe(other.id);
    expect(
      await json(await owner.client.post('/organization/set-active', { organizationId: null })),
    ).toBeNull();
    expect((await sessionActive(owner.client)).activeOrganizationId).toBeNull();
    expect(
      await errorOf(await outsider.client.post('/organization/set-active', { organizationId: org.id })),
    ).toMatchObject({
      status: 403,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    });
    expect(
      await errorOf(
        await owner.client.post('/organization/set-active', { organizationSlug: 'missing-slug' }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'ORGANIZATION_NOT_FOUND',
    });
    expect((await owner.client.post('/organization/set-active', { organizationId: 5 })).status).toBe(400);
  });

  it('update changes fields, refuses a taken slug, empty data (400) and non-members', async () => {
    const org = await createOrg(owner);
    const taken = await createOrg(owner);
    const updated = await json(
      await owner.client.post('/organization/update', {
        organizationId: org.id,
        data: { name: 'New', logo: 'https://x/y.png', metadata: { a: 1 } },
      }),
    );
    expect(updated).toMatchObject({ id: org.id, name: 'New', logo: 'https://x/y.png', metadata: { a: 1 } });
    const before = await orgSnapshot(server);
    expect(
      await errorOf(
        await owner.client.post('/organization/update', {
          organizationId: org.id,
          data: { slug: taken.slug },
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'ORGANIZATION_SLUG_ALREADY_TAKEN',
    });
    expect(
      await errorOf(await owner.client.post('/organization/update', { organizationId: org.id, data: {} })),
    ).toEqual({
      status: 400,
      code: 'NO_DATA_TO_UPDATE',
      message: 'No data to update',
    });
    expect(
      await errorOf(
        await outsider.client.post('/organization/update', { organizationId: org.id, data: { name: 'Z' } }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    });
    expect(
      (await owner.client.post('/organization/update', { organizationId: org.id, data: { metadata: null } }))
        .status,
    ).toBe(400);
    expect(await orgSnapshot(server)).toBe(before);
    // Its own slug is fine.
    expect(
      (await owner.client.post('/organization/update', { organizationId: org.id, data: { slug: org.slug } }))
        .status,
    ).toBe(200);
  });

  it('delete removes the organization with its members, invitations, teams, team members and roles', async () => {
    const org = await createOrg(owner);
    const member = await person(server, 'member');
    await addMember(server, org.id, member, 'member');
    const now = new Date(server.clock.now()).toISOString();
    const { db } = server.database;
    await db
      .insertInto('invitation')
      .values({
        id: `i${org.id}`.slice(0, 32),
        organizationId: org.id,
        email: 'x@example.com',
        role: 'member',
        teamId: null,
        status: 'pending',
        expiresAt: now,
        createdAt: now,
        inviterId: owner.id,
      })
      .execute();
    await db
      .insertInto('organizationRole')
      .values({
        id: `r${org.id}`.slice(0, 32),
        organizationId: org.id,
        role: 'auditor',
        permission: '{"ac":["read"]}',
        createdAt: now,
        updatedAt: null,
      })
      .execute();
    expect(
      await errorOf(await member.client.post('/organization/delete', { organizationId: org.id })),
    ).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
      message: 'You are not allowed to delete this organization',
    });
    expect(
      await errorOf(await outsider.client.post('/organization/delete', { organizationId: org.id })),
    ).toMatchObject({
      status: 400,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    });
    const response = await owner.client.post('/organization/delete', { organizationId: org.id });
    expect(response.status).toBe(200);
    expect((await json(response)).id).toBe(org.id);
    for (const table of ['member', 'invitation', 'team', 'organizationRole'] as const) {
      expect(await db.selectFrom(table).selectAll().where('organizationId', '=', org.id).execute()).toEqual(
        [],
      );
    }
    expect(await db.selectFrom('organization').selectAll().where('id', '=', org.id).execute()).toEqual([]);
    expect((await sessionActive(owner.client)).activeOrganizationId).toBeNull();
    expect((await owner.client.post('/organization/delete', {})).status).toBe(400);
  });
});

describe('organization options', () => {
  it('deletion can be disabled, creation forbidden and limited; a feature that is off has no routes', async () => {
    const server = await startOrgServer('sqlite', {
      disableOrganizationDeletion: true,
      organizationLimit: 1,
    });
    const owner = await person(server);
    const org = await createOrg(owner);
    expect(
      await errorOf(await server.client().post('/organization/delete', { organizationId: org.id })),
    ).toEqual({
      status: 404,
      code: 'ORGANIZATION_DELETION_DISABLED',
      message: 'Organization deletion is disabled',
    });
    expect(
      await errorOf(await owner.client.post('/organization/create', { name: 'B', slug: freshSlug() })),
    ).toMatchObject({
      status: 403,
      code: 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS',
    });
    await server.close();

    const closed = await startOrgServer('sqlite', { allowUserToCreateOrganization: false });
    const someone = await person(closed);
    expect(
      await errorOf(await someone.client.post('/organization/create', { name: 'B', slug: freshSlug() })),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION',
    });
    await closed.close();

    const { startTestServer } = await import('../../testing/test-server.ts');
    const off = await startTestServer('sqlite');
    const user = off.client();
    await user.signUp(freshSlug('off') + '@example.com');
    expect((await user.post('/organization/create', { name: 'A', slug: 'a' })).status).toBe(404);
    const session = await json(await user.get('/get-session'));
    expect('activeOrganizationId' in session.session).toBe(false);
    await off.close();
  });
});
