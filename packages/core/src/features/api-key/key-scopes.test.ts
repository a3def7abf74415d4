import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import {
  addToOrg,
  createKey,
  createOrg,
  json,
  type Person,
  person,
  startKeyServer,
  storedRow,
  withKey,
} from './test-kit.ts';

const unknownPermission = {
  status: 400,
  code: 'UNKNOWN_API_KEY_PERMISSION',
  message: 'The permissions name a resource or an action that does not exist.',
};
const exceedsRole = {
  status: 403,
  code: 'API_KEY_PERMISSION_EXCEEDS_ROLE',
  message: 'The permissions go beyond what your own role grants.',
};
const scopeDenied = {
  status: 403,
  code: 'API_KEY_SCOPE_DENIED',
  message: 'This API key is limited to permissions this route does not check.',
};
const organizationOnly = {
  status: 403,
  code: 'API_KEY_ORGANIZATION_ONLY',
  message: "An organization API key acts inside its organization only, never on a person's own account.",
};
const otherOrganization = {
  status: 403,
  code: 'API_KEY_OTHER_ORGANIZATION',
  message: 'An organization API key cannot act in another organization.',
};
const creatorGone = {
  status: 401,
  code: 'API_KEY_CREATOR_NOT_MEMBER',
  message: 'The member who created this API key no longer belongs to its organization.',
};
const invalidKey = { status: 401, code: 'INVALID_API_KEY', message: 'Invalid API key.' };

describe.each(testDialects())('API-key scopes and organization key sessions (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  let admin: Person;
  let member: Person;
  let org: { id: string };
  let otherOrg: { id: string };
  beforeAll(async () => {
    server = await startKeyServer(dialect);
    owner = await person(server, 'owner');
    admin = await person(server, 'admin');
    member = await person(server, 'member');
    org = await createOrg(owner);
    otherOrg = await createOrg(owner);
    await addToOrg(server, org.id, admin, 'admin');
    await addToOrg(server, org.id, member, 'member');
  });
  afterAll(() => server.close());

  const hasPermission = (key: string, permissions: Record<string, string[]>, organizationId = org.id) =>
    withKey(server, 'POST', '/organization/has-permission', key, { organizationId, permissions });

  describe('K9: scopes set by the client', () => {
    it('stores valid scopes on create and update, and answers them', async () => {
      const created = await createKey(admin, { permissions: { ac: ['read'] } });
      expect(created.permissions).toEqual({ ac: ['read'] });
      const update = await admin.client.post('/api-key/update', {
        keyId: created.id,
        permissions: { member: ['create'], ac: ['read'] },
      });
      expect(update.status).toBe(200);
      expect((await json(update)).permissions).toEqual({ member: ['create'], ac: ['read'] });
      const cleared = await admin.client.post('/api-key/update', { keyId: created.id, permissions: null });
      expect((await json(cleared)).permissions).toBeNull();
      expect((await storedRow(server, created.id))?.permissions).toBeNull();
    });

    it('refuses an unknown resource or action with 400, storing nothing', async () => {
      for (const permissions of [{ files: ['read'] }, { member: ['fly'] }, { constructor: ['read'] }]) {
        const response = await admin.client.post('/api-key/create', { permissions });
        expect(await errorOf(response)).toEqual(unknownPermission);
      }
      const created = await createKey(admin);
      const response = await admin.client.post('/api-key/update', {
        keyId: created.id,
        permissions: { team: ['explode'] },
      });
      expect(await errorOf(response)).toEqual(unknownPermission);
      expect((await storedRow(server, created.id))?.permissions).toBeNull();
    });

    it('refuses scopes beyond the role: an organization key past the member’s roles, admin scopes without admin rights', async () => {
      const beyond = await member.client.post('/api-key/create', {
        configId: 'organization',
        organizationId: org.id,
        permissions: { member: ['delete'] },
      });
      // A plain member may not make organization keys at all: that refusal comes first.
      expect((await errorOf(beyond)).code).toBe('INSUFFICIENT_API_KEY_PERMISSIONS');
      const adminBeyond = await admin.client.post('/api-key/create', {
        configId: 'organization',
        organizationId: org.id,
        permissions: { organization: ['delete'] },
      });
      expect(await errorOf(adminBeyond)).toEqual(exceedsRole);
      const personalAdmin = await admin.client.post('/api-key/create', { permissions: { user: ['list'] } });
      expect(await errorOf(personalAdmin)).toEqual(exceedsRole);
      const created = await createKey(admin);
      const update = await admin.client.post('/api-key/update', {
        keyId: created.id,
        permissions: { session: ['revoke'] },
      });
      expect(await errorOf(update)).toEqual(exceedsRole);
    });
  });

  describe('K9: a scoped personal key', () => {
    it('passes organization checks within its scopes, and is refused outside them', async () => {
      const { key } = await createKey(admin, { permissions: { ac: ['read'] } });
      const roles = await withKey(server, 'GET', `/organization/list-roles?organizationId=${org.id}`, key);
      expect(roles.status, await roles.clone().text()).toBe(200);
      const rename = await withKey(server, 'POST', '/organization/update', key, {
        organizationId: org.id,
        data: { name: 'Renamed' },
      });
      expect((await errorOf(rename)).code).toBe('YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION');
      const full = await fetchJson(admin, `/organization/get-full-organization?organizationId=${org.id}`);
      expect(full.name).not.toBe('Renamed');
    });

    it('refuses routes that do not check the matrix, membership-only writes included, before their handler', async () => {
      const { key } = await createKey(admin, { permissions: { ac: ['read'] } });
      const full = await withKey(
        server,
        'GET',
        `/organization/get-full-organization?organizationId=${org.id}`,
        key,
      );
      expect(await errorOf(full)).toEqual(scopeDenied);
      const leave = await withKey(server, 'POST', '/organization/leave', key, { organizationId: org.id });
      expect(await errorOf(leave)).toEqual(scopeDenied);
      const profile = await withKey(server, 'POST', '/update-user', key, { name: 'x' });
      expect(await errorOf(profile)).toEqual(scopeDenied);
      // Still a member: the refused leave did nothing.
      const members = await fetchJson(admin, `/organization/list-members?organizationId=${org.id}`);
      expect(members.members.map((m: { userId: string }) => m.userId)).toContain(admin.id);
    });

    it('answers get-session, the key reads and has-permission within its scopes', async () => {
      const created = await createKey(admin, { permissions: { ac: ['read'], member: ['create'] } });
      expect((await withKey(server, 'GET', '/get-session', created.key)).status).toBe(200);
      expect((await withKey(server, 'GET', `/api-key/get?id=${created.id}`, created.key)).status).toBe(200);
      expect((await withKey(server, 'GET', '/api-key/list', created.key)).status).toBe(200);
      expect(await json(await hasPermission(created.key, { member: ['create'] }))).toEqual({
        error: null,
        success: true,
      });
      // The admin role grants member:delete, the key does not.
      expect(await json(await hasPermission(created.key, { member: ['delete'] }))).toEqual({
        error: null,
        success: false,
      });
      const unscoped = await createKey(admin);
      expect((await json(await hasPermission(unscoped.key, { member: ['delete'] }))).success).toBe(true);
    });
  });

  describe('K10: an organization key session', () => {
    it('is its creator’s, with the organization active', async () => {
      const created = await createKey(admin, { configId: 'organization', organizationId: org.id });
      expect((await storedRow(server, created.id))?.createdBy).toBe(admin.id);
      const answer = await withKey(server, 'GET', '/get-session', created.key);
      expect(answer.status).toBe(200);
      const body = await json(answer);
      expect(body.user.id).toBe(admin.id);
      expect(body.session.activeOrganizationId).toBe(org.id);
      expect(JSON.stringify(body)).not.toContain(created.key);
    });

    it('works on organization routes within the creator’s rights ∩ its scopes', async () => {
      const scoped = await createKey(admin, {
        configId: 'organization',
        organizationId: org.id,
        permissions: { ac: ['read'] },
      });
      expect((await withKey(server, 'GET', '/organization/list-roles', scoped.key)).status).toBe(200);
      expect(await json(await hasPermission(scoped.key, { ac: ['read'] }))).toEqual({
        error: null,
        success: true,
      });
      expect((await json(await hasPermission(scoped.key, { member: ['delete'] }))).success).toBe(false);
      const full = await createKey(admin, { configId: 'organization', organizationId: org.id });
      const members = await withKey(server, 'GET', '/organization/list-members', full.key);
      expect(members.status).toBe(200);
      expect((await json(await hasPermission(full.key, { member: ['delete'] }))).success).toBe(true);
      // The creator is an admin, not an owner: the key never gets organization:delete.
      expect((await json(await hasPermission(full.key, { organization: ['delete'] }))).success).toBe(false);
      // An event made through the key: the creator is the actor, the key is named by id in metadata.
      const renamed = await withKey(server, 'POST', '/organization/update', full.key, {
        data: { name: 'Via key' },
      });
      expect(renamed.status, await renamed.clone().text()).toBe(200);
      const event = await server.database.db
        .selectFrom('auditEvent')
        .selectAll()
        .where('type', '=', 'organization.updated')
        .where('actorId', '=', admin.id)
        .executeTakeFirst();
      expect(event?.organizationId).toBe(org.id);
      expect(event?.sessionId).toBe(full.id);
      expect(JSON.parse(String(event?.metadata))).toMatchObject({ apiKeyId: full.id });
      expect(String(event?.metadata)).not.toContain(full.key);
    });

    it('refuses another organization and personal routes', async () => {
      await addToOrg(server, otherOrg.id, admin, 'admin');
      const { key } = await createKey(admin, { configId: 'organization', organizationId: org.id });
      expect(await errorOf(await hasPermission(key, { ac: ['read'] }, otherOrg.id))).toEqual(
        otherOrganization,
      );
      const roles = await withKey(
        server,
        'GET',
        `/organization/list-roles?organizationId=${otherOrg.id}`,
        key,
      );
      expect(await errorOf(roles)).toEqual(otherOrganization);
      for (const [method, path, body] of [
        ['POST', '/update-user', { name: 'x' }],
        ['GET', '/api-key/list', undefined],
        ['POST', '/organization/leave', { organizationId: org.id }],
        ['POST', '/organization/create', { name: 'x', slug: 'x-org-key' }],
      ] as const) {
        expect(await errorOf(await withKey(server, method, path, key, body)), path).toEqual(organizationOnly);
      }
    });

    it('is refused once its creator leaves the organization, on its next use, without counting one', async () => {
      const leaver = await person(server, 'leaver');
      await addToOrg(server, org.id, leaver, 'admin');
      const created = await createKey(leaver, { configId: 'organization', organizationId: org.id });
      expect((await withKey(server, 'GET', '/get-session', created.key)).status).toBe(200);
      const counted = (await storedRow(server, created.id))?.requestCount;
      const removed = await owner.client.post('/organization/remove-member', {
        organizationId: org.id,
        memberIdOrEmail: leaver.email,
      });
      expect(removed.status).toBe(200);
      expect(await errorOf(await withKey(server, 'GET', '/get-session', created.key))).toEqual(creatorGone);
      expect((await storedRow(server, created.id))?.requestCount).toBe(counted);
    });

    it('an older row without a creator stays an unknown key', async () => {
      const created = await createKey(admin, { configId: 'organization', organizationId: org.id });
      await server.database.db
        .updateTable('apikey')
        .set({ createdBy: null })
        .where('id', '=', created.id)
        .execute();
      expect(await errorOf(await withKey(server, 'GET', '/get-session', created.key))).toEqual(invalidKey);
      expect((await storedRow(server, created.id))?.requestCount).toBe(0);
    });
  });

  async function fetchJson(who: Person, path: string) {
    const response = await who.client.get(path);
    expect(response.status, await response.clone().text()).toBe(200);
    return json(response);
  }
});
