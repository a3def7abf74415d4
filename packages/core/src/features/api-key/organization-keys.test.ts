import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
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
} from './test-kit.ts';

const notMember = {
  status: 403,
  code: 'USER_NOT_MEMBER_OF_ORGANIZATION',
  message: 'You are not a member of the organization that owns this API key.',
};
const notAllowed = {
  status: 403,
  code: 'INSUFFICIENT_API_KEY_PERMISSIONS',
  message: 'You do not have permission to perform this action on organization API keys.',
};

describe.each(testDialects())('organization API keys (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  let admin: Person;
  let member: Person;
  let outsider: Person;
  let org: { id: string };
  beforeAll(async () => {
    server = await startKeyServer(dialect);
    owner = await person(server, 'owner');
    admin = await person(server, 'admin');
    member = await person(server, 'member');
    outsider = await person(server, 'outsider');
    org = await createOrg(owner);
    await addToOrg(server, org.id, admin, 'admin');
    await addToOrg(server, org.id, member, 'member');
  });
  afterAll(() => server.close());

  it.each(['owner', 'admin'] as const)(
    'K1: the %s creates, lists, reads, updates and deletes them',
    async (who) => {
      const actor = who === 'owner' ? owner : admin;
      const created = await createKey(actor, { configId: 'organization', organizationId: org.id, name: who });
      expect(created).toMatchObject({ configId: 'organization', referenceId: org.id });
      const list = await json(await actor.client.get(`/api-key/list?organizationId=${org.id}`));
      expect(list.apiKeys.map((k: { id: string }) => k.id)).toContain(created.id);
      const get = await actor.client.get(`/api-key/get?id=${created.id}&configId=organization`);
      expect(get.status).toBe(200);
      const update = await actor.client.post('/api-key/update', {
        keyId: created.id,
        configId: 'organization',
        name: `${who}-2`,
      });
      expect((await json(update)).name).toBe(`${who}-2`);
      const deleted = await actor.client.post('/api-key/delete', {
        keyId: created.id,
        configId: 'organization',
      });
      expect(await json(deleted)).toEqual({ success: true });
      expect(await storedRow(server, created.id)).toBeUndefined();
    },
  );

  it('never mixes them with personal keys, and needs configId=organization to reach one', async () => {
    const created = await createKey(owner, { configId: 'organization', organizationId: org.id });
    const personal = await json(await owner.client.get('/api-key/list'));
    expect(personal.apiKeys.map((k: { id: string }) => k.id)).not.toContain(created.id);
    expect(await errorOf(await owner.client.get(`/api-key/get?id=${created.id}`))).toMatchObject({
      status: 404,
      code: 'KEY_NOT_FOUND',
    });
  });

  it('refuses a plain member (403) and a non-member or unknown organization (403), changing nothing', async () => {
    const created = await createKey(owner, { configId: 'organization', organizationId: org.id });
    const before = await snapshotDatabase(server.database);
    const create = { configId: 'organization', organizationId: org.id };
    expect(await errorOf(await member.client.post('/api-key/create', create))).toEqual(notAllowed);
    expect(await errorOf(await outsider.client.post('/api-key/create', create))).toEqual(notMember);
    expect(
      await errorOf(
        await owner.client.post('/api-key/create', { configId: 'organization', organizationId: 'nope' }),
      ),
    ).toEqual(notMember);
    expect(await errorOf(await member.client.get(`/api-key/list?organizationId=${org.id}`))).toEqual(
      notAllowed,
    );
    expect(await errorOf(await outsider.client.get(`/api-key/list?organizationId=${org.id}`))).toEqual(
      notMember,
    );
    const get = `/api-key/get?id=${created.id}&configId=organization`;
    expect(await errorOf(await member.client.get(get))).toEqual(notAllowed);
    expect(await errorOf(await outsider.client.get(get))).toEqual(notMember);
    const target = { keyId: created.id, configId: 'organization' };
    expect(await errorOf(await member.client.post('/api-key/update', { ...target, name: 'x' }))).toEqual(
      notAllowed,
    );
    expect(await errorOf(await member.client.post('/api-key/delete', target))).toEqual(notAllowed);
    expect(await errorOf(await outsider.client.post('/api-key/delete', target))).toEqual(notMember);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('answers ORGANIZATION_ID_REQUIRED for an organization key without one', async () => {
    expect(await errorOf(await owner.client.post('/api-key/create', { configId: 'organization' }))).toEqual({
      status: 400,
      code: 'ORGANIZATION_ID_REQUIRED',
      message: 'Organization ID is required for organization-owned API keys.',
    });
  });

  it('has-permission answers apiKey, and a custom role may be granted it', async () => {
    const asks = (who: Person, action: string) =>
      who.client
        .post('/organization/has-permission', { organizationId: org.id, permissions: { apiKey: [action] } })
        .then(json);
    expect(await asks(admin, 'create')).toMatchObject({ success: true });
    expect(await asks(member, 'read')).toMatchObject({ success: false });
    const role = await owner.client.post('/organization/create-role', {
      organizationId: org.id,
      role: 'key-reader',
      permission: { apiKey: ['read'] },
    });
    expect(role.status).toBe(200);
    const reader = await person(server, 'reader');
    await addToOrg(server, org.id, reader, 'key-reader');
    expect((await reader.client.get(`/api-key/list?organizationId=${org.id}`)).status).toBe(200);
    expect(
      await errorOf(
        await reader.client.post('/api-key/create', { configId: 'organization', organizationId: org.id }),
      ),
    ).toEqual(notAllowed);
  });
});

describe('API keys with organizations off (K8)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startKeyServer('sqlite', { organization: undefined });
  });
  afterAll(() => server.close());

  it('has no organization configuration: create refuses it as bad input', async () => {
    const who = await person(server);
    expect(await errorOf(await who.client.post('/api-key/create', { configId: 'organization' }))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
    });
    expect((await who.client.post('/api-key/create', {})).status).toBe(200);
  });
});
