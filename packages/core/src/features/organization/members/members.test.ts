import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../../testing/test-server.ts';
import {
  addMember,
  createOrg,
  json,
  orgSnapshot,
  type Person,
  person,
  sessionActive,
  startOrgServer,
} from '../test-kit.ts';

describe.each(testDialects())('members (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  beforeAll(async () => {
    server = await startOrgServer(dialect);
    owner = await person(server, 'owner');
  });
  afterAll(() => server.close());

  it('list-members pages, sorts and filters, with users; non-members and bad fields are refused', async () => {
    const org = await createOrg(owner);
    const a = await person(server, 'a');
    const b = await person(server, 'b');
    // A second apart: members joined in the same instant are ordered by id (pages stay stable).
    server.clock.advance(1);
    await addMember(server, org.id, a, 'admin');
    server.clock.advance(1);
    await addMember(server, org.id, b, 'member');
    const all = await json(await owner.client.get(`/organization/list-members?organizationId=${org.id}`));
    expect(all.total).toBe(3);
    // The whole member, organizationId included: the page's rows do not carry it, the answer does.
    expect(all.members[0]).toEqual({
      id: expect.any(String),
      organizationId: org.id,
      userId: owner.id,
      role: 'owner',
      createdAt: expect.any(String),
      user: { id: owner.id, name: expect.any(String), email: owner.email, image: null },
    });
    const page = await json(
      await owner.client.get(`/organization/list-members?organizationId=${org.id}&limit=1&offset=1`),
    );
    expect(page).toMatchObject({ total: 3, members: [{ userId: a.id }] });
    const admins = await json(
      await owner.client.get(
        `/organization/list-members?organizationId=${org.id}&filterField=role&filterValue=admin`,
      ),
    );
    expect(admins.members.map((m: { userId: string }) => m.userId)).toEqual([a.id]);
    // The total counts the filter, not the organization.
    expect(admins.total).toBe(1);
    const bySlug = await json(
      await owner.client.get(
        `/organization/list-members?organizationSlug=${org.slug}&sortBy=role&sortDirection=desc`,
      ),
    );
    expect(bySlug.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member', 'admin']);
    expect(bySlug.members.map((m: { organizationId: string }) => m.organizationId)).toEqual([
      org.id,
      org.id,
      org.id,
    ]);
    expect(
      await errorOf(
        await owner.client.get(`/organization/list-members?organizationId=${org.id}&sortBy=password`),
      ),
    ).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    const stranger = await person(server, 'stranger');
    expect(
      await errorOf(await stranger.client.get(`/organization/list-members?organizationId=${org.id}`)),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    });
    expect(await errorOf(await stranger.client.get('/organization/list-members'))).toMatchObject({
      status: 400,
      code: 'NO_ACTIVE_ORGANIZATION',
    });
  });

  it('get-active-member and get-active-member-role', async () => {
    const org = await createOrg(owner);
    const a = await person(server, 'a');
    await addMember(server, org.id, a, 'admin,member');
    const me = await json(await owner.client.get('/organization/get-active-member'));
    expect(me).toMatchObject({
      organizationId: org.id,
      userId: owner.id,
      role: 'owner',
      user: { email: owner.email },
    });
    expect(await json(await owner.client.get('/organization/get-active-member-role'))).toEqual({
      role: 'owner',
    });
    expect(await json(await owner.client.get(`/organization/get-active-member-role?userId=${a.id}`))).toEqual(
      { role: 'admin,member' },
    );
    const stranger = await person(server, 'stranger');
    expect(await errorOf(await stranger.client.get('/organization/get-active-member'))).toMatchObject({
      status: 400,
      code: 'NO_ACTIVE_ORGANIZATION',
    });
    expect(
      await errorOf(
        await stranger.client.get(`/organization/get-active-member-role?organizationId=${org.id}`),
      ),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    });
    expect(
      await errorOf(await owner.client.get(`/organization/get-active-member-role?userId=${stranger.id}`)),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    });
  });

  it('update-member-role: owners promote and demote; the last owner cannot step down; admins cannot touch owners', async () => {
    const org = await createOrg(owner);
    const a = await person(server, 'a');
    const b = await person(server, 'b');
    const aId = await addMember(server, org.id, a, 'admin');
    const bId = await addMember(server, org.id, b, 'member');
    const ownerMember = (await json(await owner.client.get('/organization/get-active-member'))).id;
    const promoted = await json(
      await owner.client.post('/organization/update-member-role', {
        memberId: bId,
        role: ['admin', ' member'],
      }),
    );
    expect(promoted).toEqual({
      id: bId,
      organizationId: org.id,
      userId: b.id,
      role: 'admin,member',
      createdAt: expect.any(String),
    });
    const before = await orgSnapshot(server);
    expect(
      await errorOf(
        await a.client.post('/organization/update-member-role', {
          memberId: ownerMember,
          role: 'member',
          organizationId: org.id,
        }),
      ),
    ).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
      message: 'You are not allowed to update this member',
    });
    expect(
      await errorOf(
        await a.client.post('/organization/update-member-role', {
          memberId: bId,
          role: 'owner',
          organizationId: org.id,
        }),
      ),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
    });
    expect(
      await errorOf(
        await owner.client.post('/organization/update-member-role', { memberId: ownerMember, role: 'admin' }),
      ),
    ).toEqual({
      status: 400,
      code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
      message: 'You cannot leave the organization without an owner',
    });
    expect(
      await errorOf(
        await owner.client.post('/organization/update-member-role', { memberId: bId, role: 'ghost' }),
      ),
    ).toEqual({
      status: 400,
      code: 'ROLE_NOT_FOUND',
      message: 'ROLE_NOT_FOUND: ghost',
    });
    expect(
      await errorOf(
        await owner.client.post('/organization/update-member-role', { memberId: bId, role: ',' }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'ROLE_NOT_FOUND',
    });
    expect(
      await errorOf(
        await owner.client.post('/organization/update-member-role', { memberId: 'missing', role: 'member' }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'MEMBER_NOT_FOUND',
    });
    expect((await owner.client.post('/organization/update-member-role', { memberId: bId })).status).toBe(400);
    expect(await orgSnapshot(server)).toBe(before);
    // Ownership moves: promote a, then the old owner may step down.
    await owner.client.post('/organization/update-member-role', { memberId: aId, role: 'owner' });
    expect(
      (
        await json(
          await owner.client.post('/organization/update-member-role', {
            memberId: ownerMember,
            role: 'member',
          }),
        )
      ).role,
    ).toBe('member');
  });

  it('remove-member: by id or email, with owner protections; leave; the last owner cannot leave', async () => {
    const org = await createOrg(owner);
    const a = await person(server, 'a');
    const b = await person(server, 'b');
    const c = await person(server, 'c');
    await addMember(server, org.id, a, 'admin');
    const bId = await addMember(server, org.id, b, 'member');
    await addMember(server, org.id, c, 'member');
    const ownerMember = (await json(await owner.client.get('/organization/get-active-member'))).id;
    expect(
      await errorOf(
        await a.client.post('/organization/remove-member', {
          memberIdOrEmail: ownerMember,
          organizationId: org.id,
        }),
      ),
    ).toEqual({
      status: 400,
      code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
      message: 'You cannot leave the organization as the only owner',
    });
    expect(
      await errorOf(
        await c.client.post('/organization/remove-member', { memberIdOrEmail: bId, organizationId: org.id }),
      ),
    ).toEqual({
      status: 401,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER',
      message: 'You are not allowed to delete this member',
    });
    expect(
      await errorOf(await owner.client.post('/organization/remove-member', { memberIdOrEmail: ownerMember })),
    ).toMatchObject({
      status: 400,
      code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
    });
    const byId = await json(
      await a.client.post('/organization/remove-member', { memberIdOrEmail: bId, organizationId: org.id }),
    );
    expect(byId.member).toMatchObject({ id: bId, userId: b.id });
    expect(byId.member.user).toBeUndefined();
    const byEmail = await json(
      await owner.client.post('/organization/remove-member', { memberIdOrEmail: c.email.toUpperCase() }),
    );
    expect(byEmail.member.user.email).toBe(c.email);
    expect(
      await errorOf(await owner.client.post('/organization/remove-member', { memberIdOrEmail: bId })),
    ).toMatchObject({
      status: 400,
      code: 'MEMBER_NOT_FOUND',
    });
    expect(await errorOf(await owner.client.post('/organization/leave', { organizationId: org.id }))).toEqual(
      {
        status: 400,
        code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
        message: 'You cannot leave the organization as the only owner',
      },
    );
    await owner.client.post('/organization/set-active', { organizationId: org.id });
    await a.client.post('/organization/set-active', { organizationId: org.id });
    const left = await json(await a.client.post('/organization/leave', { organizationId: org.id }));
    expect(left).toMatchObject({ userId: a.id, user: { email: a.email } });
    expect((await sessionActive(a.client)).activeOrganizationId).toBeNull();
    expect(
      await errorOf(await a.client.post('/organization/leave', { organizationId: org.id })),
    ).toMatchObject({
      status: 400,
      code: 'MEMBER_NOT_FOUND',
    });
    expect((await a.client.post('/organization/leave', {})).status).toBe(400);
  });

  it('add-member is for server code only: auth.api adds, HTTP gets 404', async () => {
    const org = await createOrg(owner);
    const a = await person(server, 'a');
    expect(
      (
        await owner.client.post('/organization/add-member', {
          userId: a.id,
          role: 'member',
          organizationId: org.id,
        })
      ).status,
    ).toBe(404);
    const added = (await server.auth.api.addMember({
      body: { userId: a.id, role: 'admin', organizationId: org.id },
    })) as { role: string };
    expect(added.role).toBe('admin');
    await expect(
      server.auth.api.addMember({ body: { userId: a.id, role: 'admin', organizationId: org.id } }),
    ).rejects.toMatchObject({
      code: 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
    });
    await expect(
      server.auth.api.addMember({ body: { userId: 'nobody', role: 'admin', organizationId: org.id } }),
    ).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
  });
});
