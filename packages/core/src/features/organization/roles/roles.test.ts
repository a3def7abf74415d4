import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../../testing/test-server.ts';
import { addMember, createOrg, json, orgSnapshot, type Person, person, startOrgServer } from '../test-kit.ts';

describe.each(testDialects())('custom roles (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  beforeAll(async () => {
    server = await startOrgServer(dialect, {
      dynamicAccessControl: { enabled: true, maximumRolesPerOrganization: 3 },
    });
    owner = await person(server, 'owner');
  });
  afterAll(() => server.close());

  it('create, list, get, update and delete a role; a stored role grants its permissions', async () => {
    const org = await createOrg(owner);
    const created = await json(
      await owner.client.post('/organization/create-role', {
        role: 'Support',
        permission: { invitation: ['create'], ac: ['read'] },
      }),
    );
    expect(created).toMatchObject({ success: true, statements: { invitation: ['create'], ac: ['read'] } });
    expect(Object.keys(created.roleData)).toEqual([
      'id',
      'organizationId',
      'role',
      'permission',
      'createdAt',
      'updatedAt',
    ]);
    expect(created.roleData).toMatchObject({ role: 'support', organizationId: org.id, updatedAt: null });
    const list = await json(await owner.client.get('/organization/list-roles'));
    expect(list.map((r: { role: string }) => r.role)).toEqual(['support']);
    expect((await json(await owner.client.get('/organization/get-role?roleName=support'))).id).toBe(
      created.roleData.id,
    );
    expect(
      (await json(await owner.client.get(`/organization/get-role?roleId=${created.roleData.id}`))).role,
    ).toBe('support');

    const helper = await person(server, 'helper');
    await addMember(server, org.id, helper, 'support');
    expect(
      (
        await helper.client.post('/organization/invite-member', {
          organizationId: org.id,
          email: 'someone@example.com',
          role: 'member',
        })
      ).status,
    ).toBe(200);
    // Inviting with a stored role name works too.
    expect(
      (
        await owner.client.post('/organization/invite-member', {
          organizationId: org.id,
          email: 'other@example.com',
          role: 'support',
        })
      ).status,
    ).toBe(200);

    const updated = await json(
      await owner.client.post('/organization/update-role', {
        roleName: 'support',
        data: { permission: { team: ['create'] } },
      }),
    );
    expect(updated).toMatchObject({
      success: true,
      roleData: { role: 'support', permission: { team: ['create'] } },
    });
    expect(
      await errorOf(await owner.client.post('/organization/delete-role', { roleName: 'support' })),
    ).toMatchObject({
      status: 400,
      code: 'ROLE_IS_ASSIGNED_TO_MEMBERS',
    });
    const helperMember = await server.database.db
      .selectFrom('member')
      .select('id')
      .where('userId', '=', helper.id)
      .executeTakeFirstOrThrow();
    await owner.client.post('/organization/update-member-role', {
      memberId: helperMember.id,
      role: 'member',
    });
    expect(await json(await owner.client.post('/organization/delete-role', { roleName: 'support' }))).toEqual(
      { success: true },
    );
    expect(await json(await owner.client.get('/organization/list-roles'))).toEqual([]);
  });

  it('refuses predefined names, duplicates, unknown resources, grants above the caller, too many roles and non-members', async () => {
    const org = await createOrg(owner);
    const admin = await person(server, 'admin');
    await addMember(server, org.id, admin, 'admin');
    const plain = await person(server, 'plain');
    await addMember(server, org.id, plain, 'member');
    const stranger = await person(server, 'stranger');
    await owner.client.post('/organization/create-role', {
      organizationId: org.id,
      role: 'one',
      permission: { ac: ['read'] },
    });
    const before = await orgSnapshot(server);
    const create = (who: Person, body: Record<string, unknown>) =>
      who.client.post('/organization/create-role', {
        organizationId: org.id,
        permission: { ac: ['read'] },
        ...body,
      });
    expect(await errorOf(await create(owner, { role: 'Admin' }))).toEqual({
      status: 400,
      code: 'ROLE_NAME_IS_ALREADY_TAKEN',
      message: 'That role name is already taken',
    });
    expect(await errorOf(await create(owner, { role: 'one' }))).toMatchObject({
      status: 400,
      code: 'ROLE_NAME_IS_ALREADY_TAKEN',
    });
    expect(await errorOf(await create(owner, { role: 'x', permission: { billing: ['read'] } }))).toEqual({
      status: 400,
      code: 'INVALID_RESOURCE',
      message: 'The provided permission includes an invalid resource',
    });
    const above = await admin.client.post('/organization/create-role', {
      organizationId: org.id,
      role: 'boss',
      permission: { organization: ['delete', 'update'] },
    });
    expect(above.status).toBe(403);
    expect(await above.json()).toEqual({
      code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE',
      message: 'You are not allowed to create a role',
      missingPermissions: ['organization:delete'],
    });
    expect(await errorOf(await create(plain, { role: 'y' }))).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE',
    });
    expect(await errorOf(await create(stranger, { role: 'y' }))).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    });
    expect(
      await errorOf(await stranger.client.post('/organization/create-role', { role: 'y', permission: {} })),
    ).toMatchObject({
      status: 400,
      code: 'YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE',
    });
    expect((await create(owner, { role: 'a,b' })).status).toBe(400);
    expect((await create(owner, { role: '' })).status).toBe(400);
    expect((await create(owner, { role: 'z', permission: { ac: 'read' } })).status).toBe(400);
    expect(await orgSnapshot(server)).toBe(before);
    await create(owner, { role: 'two' });
    await create(owner, { role: 'three' });
    expect(await errorOf(await create(owner, { role: 'four' }))).toEqual({
      status: 400,
      code: 'TOO_MANY_ROLES',
      message: 'This organization has too many roles',
    });

    expect(
      await errorOf(
        await owner.client.get(`/organization/get-role?organizationId=${org.id}&roleName=missing`),
      ),
    ).toMatchObject({
      status: 400,
      code: 'ROLE_NOT_FOUND',
    });
    expect((await owner.client.get(`/organization/get-role?organizationId=${org.id}`)).status).toBe(400);
    expect(
      await errorOf(await stranger.client.get(`/organization/list-roles?organizationId=${org.id}`)),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    });
    // Plain members hold ac:read.
    const read = await json(
      await plain.client.get(`/organization/get-role?organizationId=${org.id}&roleName=one`),
    );
    expect(read.role).toBe('one');
  });

  it('update-role and delete-role errors', async () => {
    const org = await createOrg(owner);
    await owner.client.post('/organization/create-role', {
      organizationId: org.id,
      role: 'one',
      permission: { ac: ['read'] },
    });
    await owner.client.post('/organization/create-role', {
      organizationId: org.id,
      role: 'two',
      permission: { ac: ['read'] },
    });
    const update = (body: Record<string, unknown>) =>
      owner.client.post('/organization/update-role', { organizationId: org.id, ...body });
    expect(await errorOf(await update({ roleName: 'missing', data: {} }))).toMatchObject({
      status: 400,
      code: 'ROLE_NOT_FOUND',
    });
    expect(await errorOf(await update({ roleName: 'one', data: { roleName: 'TWO' } }))).toMatchObject({
      status: 400,
      code: 'ROLE_NAME_IS_ALREADY_TAKEN',
    });
    expect(await errorOf(await update({ roleName: 'one', data: { roleName: 'owner' } }))).toMatchObject({
      status: 400,
      code: 'ROLE_NAME_IS_ALREADY_TAKEN',
    });
    expect(
      await errorOf(await update({ roleName: 'one', data: { permission: { nope: ['x'] } } })),
    ).toMatchObject({ status: 400, code: 'INVALID_RESOURCE' });
    expect((await update({ data: {} })).status).toBe(400);
    const renamed = await json(await update({ roleName: 'one', data: { roleName: 'Uno' } }));
    expect(renamed.roleData.role).toBe('uno');
    const del = (body: Record<string, unknown>) =>
      owner.client.post('/organization/delete-role', { organizationId: org.id, ...body });
    expect(await errorOf(await del({ roleName: 'owner' }))).toEqual({
      status: 400,
      code: 'CANNOT_DELETE_A_PRE_DEFINED_ROLE',
      message: 'Cannot delete a pre-defined role',
    });
    expect(await errorOf(await del({ roleName: 'missing' }))).toMatchObject({
      status: 400,
      code: 'ROLE_NOT_FOUND',
    });
    expect((await del({})).status).toBe(400);
  });

  it('an invitation for a role deleted since cannot be accepted, and stays pending', async () => {
    const org = await createOrg(owner);
    await owner.client.post('/organization/create-role', {
      organizationId: org.id,
      role: 'temp',
      permission: { ac: ['read'] },
    });
    const invitee = await person(server, 'invitee');
    const invitation = await json(
      await owner.client.post('/organization/invite-member', {
        organizationId: org.id,
        email: invitee.email,
        role: 'temp',
      }),
    );
    expect(
      await json(
        await owner.client.post('/organization/delete-role', { organizationId: org.id, roleName: 'temp' }),
      ),
    ).toEqual({
      success: true,
    });
    expect(
      await errorOf(
        await invitee.client.post('/organization/accept-invitation', { invitationId: invitation.id }),
      ),
    ).toEqual({
      status: 400,
      code: 'ROLE_NOT_FOUND',
      message: 'ROLE_NOT_FOUND: temp',
    });
    const stored = await server.database.db
      .selectFrom('invitation')
      .select('status')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
    expect(
      await server.database.db.selectFrom('member').selectAll().where('userId', '=', invitee.id).execute(),
    ).toEqual([]);
  });

  it('nobody below the creator role hands out a role carrying rights they lack', async () => {
    const org = await createOrg(owner);
    await owner.client.post('/organization/create-role', {
      organizationId: org.id,
      role: 'deleter',
      permission: { organization: ['delete'] },
    });
    const admin = await person(server, 'admin');
    await addMember(server, org.id, admin, 'admin');
    const plain = await person(server, 'plain');
    const plainId = await addMember(server, org.id, plain, 'member');
    const before = await orgSnapshot(server);
    expect(
      await errorOf(
        await admin.client.post('/organization/invite-member', {
          organizationId: org.id,
          email: 'd@example.com',
          role: 'deleter',
        }),
      ),
    ).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
      message: 'You are not allowed to invite a user with this role',
    });
    expect(
      await errorOf(
        await admin.client.post('/organization/update-member-role', {
          organizationId: org.id,
          memberId: plainId,
          role: 'deleter',
        }),
      ),
    ).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER' });
    expect(await orgSnapshot(server)).toBe(before);
    // Roles within the admin's own rights are fine; the owner may give anything.
    expect(
      (
        await admin.client.post('/organization/update-member-role', {
          organizationId: org.id,
          memberId: plainId,
          role: 'admin',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await owner.client.post('/organization/update-member-role', {
          organizationId: org.id,
          memberId: plainId,
          role: 'deleter',
        })
      ).status,
    ).toBe(200);
  });
});
