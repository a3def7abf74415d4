/**
 * A role change takes effect at once (README: Role changes and impersonation): every admin-only answer
 * reads the role from the database, and set-role or update-user makes the user's cached session copies
 * answer from the database again, on every server copy sharing the storage. The sessions themselves stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { secondCopy, storageBackends } from '../../testing/shared-storage.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { claimsOf, tokenOf } from '../jwt/jwt-test-kit.ts';
import { currentSession, seedUser, sessionTokens, signedInUser, startAdminServer } from './test-kit.ts';

const AUDIT_REFUSED = {
  status: 403,
  code: 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG',
  message: 'You are not allowed to read the audit log',
};

type Demotion = (root: TestClient, userId: string) => Promise<Response>;
const setRole: Demotion = (root, userId) => root.post('/admin/set-role', { userId, role: 'user' });

/** Ways an admin takes the admin role away. */
const demotions: [string, Demotion][] = [
  ['set-role', setRole],
  ['update-user', (root, userId) => root.post('/admin/update-user', { userId, data: { role: 'user' } })],
];

describe.each(testDialects())('a role change takes effect at once (%s)', (dialect) => {
  let server: TestServer;
  let root: TestClient;
  beforeAll(async () => {
    server = await startAdminServer(dialect, {}, { jwt: { enabled: true } });
    ({ client: root } = await signedInUser(server, { role: 'admin' }));
  });
  afterAll(() => server.close());

  /** An admin whose browser holds a cookie cache saying so, then demoted by root. */
  async function demotedAdmin(demote: Demotion) {
    const admin = await signedInUser(server, { role: 'admin' });
    expect((await admin.client.get('/admin/events')).status).toBe(200);
    expect(claimsOf(await tokenOf(admin.client)).role).toBe('admin');
    // The test clock stands still; a real one has moved on between a sign-in and a role change.
    server.clock.advance(1);
    expect((await demote(root, admin.id)).status).toBe(200);
    return admin;
  }

  it.each(demotions)('after %s, the audit log and its exports are refused at once', async (_, demote) => {
    const { client } = await demotedAdmin(demote);
    expect(await errorOf(await client.get('/admin/events'))).toEqual(AUDIT_REFUSED);
    expect(await errorOf(await client.get('/admin/events?format=csv'))).toEqual(AUDIT_REFUSED);
    expect(await errorOf(await client.get('/admin/events?format=ndjson'))).toEqual(AUDIT_REFUSED);
  });

  it.each(demotions)('after %s, /token and the set-auth-jwt header sign the new role', async (_, demote) => {
    const { client } = await demotedAdmin(demote);
    expect(claimsOf(await tokenOf(client)).role).toBe('user');
    const response = await client.get('/get-session');
    expect((await response.json()).user.role).toBe('user');
    expect(claimsOf(present(response.headers.get('set-auth-jwt'))).role).toBe('user');
  });

  it('the demoted user stays signed in; the cache answers again once it shows the new role', async () => {
    const { id, token, client } = await demotedAdmin(setRole);
    expect(await sessionTokens(server, id)).toEqual([token]);
    expect((await currentSession(client))?.user.role).toBe('user');
    // The re-issued cache now answers by itself, even for a session the database no longer has.
    await server.database.db.deleteFrom('session').where('userId', '=', id).execute();
    expect((await currentSession(client))?.user.role).toBe('user');
  });

  it.each([
    ['a demotion', setRole],
    ['a ban', (root: TestClient, userId: string) => root.post('/admin/ban-user', { userId })],
  ])('%s ends the impersonations the admin runs; an admin kept needs none ended', async (_, change) => {
    const admin = await signedInUser(server, { role: 'admin' });
    const target = await seedUser(server);
    expect((await admin.client.post('/admin/impersonate-user', { userId: target.id })).status).toBe(200);
    const kept = await signedInUser(server, { role: 'admin' });
    expect((await kept.client.post('/admin/impersonate-user', { userId: target.id })).status).toBe(200);
    expect(await sessionTokens(server, target.id)).toHaveLength(2);
    server.clock.advance(1);
    // A change that leaves admin rights ends nothing.
    expect((await root.post('/admin/update-user', { userId: kept.id, data: { name: 'Kept' } })).status).toBe(
      200,
    );
    expect((await change(root, admin.id)).status).toBe(200);
    expect(await currentSession(admin.client)).toBeNull();
    expect((await currentSession(kept.client))?.session.impersonatedBy).toBe(kept.id);
    expect(await sessionTokens(server, target.id)).toHaveLength(1);
  });

  it('a role taken away elsewhere (straight in the database) is refused by admin reads and /token at once', async () => {
    const admin = await signedInUser(server, { role: 'admin' });
    expect((await admin.client.get('/admin/events')).status).toBe(200);
    await server.database.db
      .updateTable('user')
      .set({ role: 'user' } as never)
      .where('id', '=', admin.id)
      .execute();
    expect(await errorOf(await admin.client.get('/admin/events?format=csv'))).toEqual(AUDIT_REFUSED);
    expect(claimsOf(await tokenOf(admin.client)).role).toBe('user');
  });
});

describe.each(storageBackends())('a role change seen by another server copy (%s)', (_, createStorage) => {
  const storage = createStorage();
  let server: TestServer;
  beforeAll(async () => {
    server = await startAdminServer('sqlite', {}, { storage });
  });
  afterAll(async () => {
    await server.close();
    await storage.close?.();
  });

  it('a demotion through one copy is seen by the other copy’s cookie cache at once', async () => {
    const { auth: other, assertConforms } = await secondCopy(server, storage, { admin: { enabled: true } });
    const { client: root } = await signedInUser(server, { role: 'admin' });
    const { email } = await seedUser(server, { role: 'admin' });
    const admin = server.client();
    await admin.signIn(email);
    const askOther = async (path: string) =>
      other.handler(
        new Request(`${server.url}/api/auth${path}`, { headers: { cookie: admin.jar.header() } }),
      );
    expect((await (await askOther('/get-session')).json()).user.role).toBe('admin');
    expect((await askOther('/admin/events')).status).toBe(200);
    server.clock.advance(1);
    const { id } = (await (await admin.get('/get-session')).json()).user;
    expect((await root.post('/admin/set-role', { userId: id, role: 'user' })).status).toBe(200);
    expect((await (await askOther('/get-session')).json()).user.role).toBe('user');
    expect(await errorOf(await askOther('/admin/events'))).toEqual(AUDIT_REFUSED);
    assertConforms();
  });
});
