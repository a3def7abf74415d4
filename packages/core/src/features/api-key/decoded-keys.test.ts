import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { DecodedKeys } from './decoded-keys.ts';
import { createKey, createOrg, json, type Person, person, startKeyServer, withKey } from './test-kit.ts';

describe('remembered key rows', () => {
  const options = { additionalFields: {} } as unknown as ConstructorParameters<typeof DecodedKeys>[0];
  const row = {
    k_id: 'key-1',
    k_referenceId: 'user-1',
    k_createdAt: '2026-12-01T00:00:00.000Z',
    k_updatedAt: '2026-12-01T00:00:00.000Z',
    k_permissions: null,
    id: 'user-1',
    name: 'Ann',
    email: 'ann@example.com',
    emailVerified: 1,
    image: null,
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-12-01T00:00:00.000Z',
  };

  it('answers the same frozen objects for an identical row, and new ones once any column differs', () => {
    const keys = new DecodedKeys(options);
    const first = keys.decode('hash', { ...row });
    expect(keys.decode('hash', { ...row })).toBe(first);
    expect(Object.isFrozen(first.row) && Object.isFrozen(first.owner)).toBe(true);
    expect(JSON.parse(first.ownerJson ?? '')).toMatchObject({ id: 'user-1', name: 'Ann' });
    const renamed = keys.decode('hash', { ...row, name: 'Anna' });
    expect(renamed).not.toBe(first);
    expect(renamed.owner?.name).toBe('Anna');
    // A column more or fewer is another row too.
    expect(keys.decode('hash', { ...row, name: 'Anna', extra: 1 })).not.toBe(renamed);
    const { image: _image, ...fewer } = row;
    expect(keys.decode('hash', fewer)).not.toBe(first);
  });

  it('keeps hashes apart, and decodes an organization key without an owner', () => {
    const keys = new DecodedKeys(options);
    const personal = keys.decode('a', { ...row });
    expect(keys.decode('b', { ...row })).not.toBe(personal);
    const orphan = keys.decode('c', { ...row, id: null });
    expect(orphan.owner).toBeUndefined();
    expect(orphan.ownerJson).toBeUndefined();
  });
});

describe.each(testDialects())('a key whose row or owner changed between uses (%s)', (dialect) => {
  let server: TestServer;
  let alice: Person;
  beforeAll(async () => {
    server = await startKeyServer(dialect);
    alice = await person(server, 'alice');
  });
  afterAll(() => server.close());

  const session = async (key: string) => json(await withKey(server, 'GET', '/get-session', key));

  it('answers the owner as stored now, not as the last use decoded it', async () => {
    const created = await createKey(alice);
    const before = await session(created.key);
    expect((await session(created.key)).user).toEqual(before.user);
    await server.database.db
      .updateTable('user')
      .set({ name: 'Alice Renamed' })
      .where('id', '=', alice.id)
      .execute();
    const after = await session(created.key);
    expect(after.user).toEqual({ ...before.user, name: 'Alice Renamed' });
    // The answer is the same shape as one built without the remembered owner.
    expect(Object.keys(after)).toEqual(['session', 'user']);
    expect(after.session).toMatchObject({ id: created.id, userId: alice.id });
  });

  it('applies scopes changed on the key at its next use', async () => {
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    const created = await createKey(owner);
    const check = () =>
      withKey(server, 'POST', '/organization/has-permission', created.key, {
        organizationId: org.id,
        permissions: { member: ['create'] },
      });
    expect(await json(await check())).toMatchObject({ success: true });
    const update = await owner.client.post('/api-key/update', {
      keyId: created.id,
      permissions: { ac: ['read'] },
    });
    expect(update.status).toBe(200);
    expect(await json(await check())).toMatchObject({ success: false });
  });

  it('refuses a key disabled between two uses', async () => {
    const created = await createKey(alice);
    expect((await withKey(server, 'GET', '/get-session', created.key)).status).toBe(200);
    await alice.client.post('/api-key/update', { keyId: created.id, enabled: false });
    expect(await errorOf(await withKey(server, 'GET', '/get-session', created.key))).toMatchObject({
      code: 'KEY_DISABLED',
    });
  });
});
