import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient, type TestServer } from '../../testing/test-server.ts';
import {
  freshEmail,
  type Seed,
  seedSession,
  seedUser,
  sessionTokens,
  signedInUser,
  snapshot,
  startAdminServer,
  userRow,
} from './test-kit.ts';

const ID_ADMIN = 'adminByIdAdminByIdAdminByIdAdmin';
const BOOTSTRAP = 'boss@example.com';
const UNVERIFIED_BOOTSTRAP = 'unverified-boss@example.com';
const LATER_BOOTSTRAP = 'later-boss@example.com';

interface Target {
  id: string;
  email: string;
  token: string;
}

interface Action {
  name: string;
  /** How the target is seeded (always with one live session). */
  seed?: Seed;
  call(client: TestClient, target: Target): Promise<Response>;
  code: string;
  message: string;
  /** What a permitted call did, checked on the answer and the database. */
  effect(server: TestServer, target: Target, body: Record<string, unknown>, actorId: string): Promise<void>;
}

const actions: Action[] = [
  {
    name: 'create-user',
    call: (client) => client.post('/admin/create-user', { email: freshEmail('created'), name: 'Created' }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
    message: 'You are not allowed to create users',
    async effect(server, _, body) {
      const user = body.user as { id: string; email: string };
      expect((await userRow(server, user.id))?.email).toBe(user.email);
    },
  },
  {
    name: 'create-user (role)',
    call: (client) =>
      client.post('/admin/create-user', { email: freshEmail('created'), name: 'Created', role: 'support' }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
    message: 'You are not allowed to create users',
    async effect(server, _, body) {
      expect((await userRow(server, (body.user as { id: string }).id))?.role).toBe('support');
    },
  },
  {
    name: 'list-users',
    call: (client) => client.get('/admin/list-users?filterField=role&filterValue=nobody'),
    code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
    message: 'You are not allowed to list users',
    async effect(_, __, body) {
      expect(body).toEqual({ users: [], total: 0 });
    },
  },
  {
    name: 'get-user',
    call: (client, target) => client.get(`/admin/get-user?id=${target.id}`),
    code: 'YOU_ARE_NOT_ALLOWED_TO_GET_USER',
    message: 'You are not allowed to get user',
    async effect(_, target, body) {
      expect([body.id, body.email]).toEqual([target.id, target.email]);
    },
  },
  {
    name: 'update-user',
    call: (client, target) =>
      client.post('/admin/update-user', { userId: target.id, data: { name: 'Renamed' } }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
    message: 'You are not allowed to update users',
    async effect(server, target) {
      expect((await userRow(server, target.id))?.name).toBe('Renamed');
    },
  },
  {
    name: 'update-user (role)',
    call: (client, target) =>
      client.post('/admin/update-user', { userId: target.id, data: { role: 'admin' } }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
    message: 'You are not allowed to update users',
    async effect(server, target) {
      expect((await userRow(server, target.id))?.role).toBe('admin');
    },
  },
  {
    name: 'update-user (email)',
    call: (client, target) =>
      client.post('/admin/update-user', { userId: target.id, data: { email: `x${target.email}` } }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
    message: 'You are not allowed to update users',
    async effect(server, target) {
      expect((await userRow(server, target.id))?.email).toBe(`x${target.email}`);
    },
  },
  {
    name: 'update-user (ban)',
    call: (client, target) =>
      client.post('/admin/update-user', { userId: target.id, data: { banned: true } }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
    message: 'You are not allowed to update users',
    async effect(server, target) {
      expect((await userRow(server, target.id))?.banned).toBe(true);
      expect(await sessionTokens(server, target.id)).toEqual([]);
    },
  },
  {
    name: 'set-role',
    call: (client, target) => client.post('/admin/set-role', { userId: target.id, role: ['user', 'editor'] }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
    message: 'You are not allowed to change users role',
    async effect(server, target) {
      expect((await userRow(server, target.id))?.role).toBe('user,editor');
    },
  },
  {
    name: 'set-user-password',
    call: (client, target) =>
      client.post('/admin/set-user-password', { userId: target.id, newPassword: 'a brand new password' }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
    message: 'You are not allowed to set users password',
    async effect(server, target, body) {
      expect(body).toEqual({ status: true });
      const signIn = { email: target.email, password: 'a brand new password' };
      expect((await server.client().post('/sign-in/email', signIn)).status).toBe(200);
    },
  },
  {
    name: 'ban-user',
    call: (client, target) => client.post('/admin/ban-user', { userId: target.id }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS',
    message: 'You are not allowed to ban users',
    async effect(server, target) {
      expect((await userRow(server, target.id))?.banned).toBe(true);
      expect(await sessionTokens(server, target.id)).toEqual([]);
    },
  },
  {
    name: 'unban-user',
    seed: { banned: true, banReason: 'spam' },
    call: (client, target) => client.post('/admin/unban-user', { userId: target.id }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS',
    message: 'You are not allowed to ban users',
    async effect(server, target) {
      const row = await userRow(server, target.id);
      expect([row?.banned, row?.banReason]).toEqual([false, null]);
    },
  },
  {
    name: 'impersonate-user',
    call: (client, target) => client.post('/admin/impersonate-user', { userId: target.id }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS',
    message: 'You are not allowed to impersonate users',
    async effect(_, target, body, actorId) {
      const { session } = body as { session: { userId: string; impersonatedBy: string } };
      expect([session.userId, session.impersonatedBy]).toEqual([target.id, actorId]);
    },
  },
  {
    name: 'remove-user',
    call: (client, target) => client.post('/admin/remove-user', { userId: target.id }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS',
    message: 'You are not allowed to delete users',
    async effect(server, target) {
      expect(await userRow(server, target.id)).toBeUndefined();
    },
  },
  {
    name: 'list-user-sessions',
    call: (client, target) => client.post('/admin/list-user-sessions', { userId: target.id }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS',
    message: 'You are not allowed to list users sessions',
    async effect(_, target, body) {
      expect((body.sessions as { token: string }[]).map((s) => s.token)).toEqual([target.token]);
    },
  },
  {
    name: 'revoke-user-session',
    call: (client, target) => client.post('/admin/revoke-user-session', { sessionToken: target.token }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
    message: 'You are not allowed to revoke users sessions',
    async effect(server, target) {
      expect(await sessionTokens(server, target.id)).toEqual([]);
    },
  },
  {
    name: 'revoke-user-sessions',
    call: (client, target) => client.post('/admin/revoke-user-sessions', { userId: target.id }),
    code: 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
    message: 'You are not allowed to revoke users sessions',
    async effect(server, target) {
      expect(await sessionTokens(server, target.id)).toEqual([]);
    },
  },
];

/** Who acts, and whether the admin rights are theirs. */
const actors: { label: string; seed: Seed; allowed: boolean }[] = [
  { label: 'a user with the admin role', seed: { role: 'admin' }, allowed: true },
  { label: 'a user with the default role', seed: { role: 'user' }, allowed: false },
  { label: 'a user without a stored role (default role)', seed: { role: null }, allowed: false },
  { label: 'a multi-role user "user,admin"', seed: { role: 'user,admin' }, allowed: true },
  { label: 'a multi-role user "user, admin" (names trimmed)', seed: { role: 'user, admin' }, allowed: true },
  { label: 'a user with an unknown role', seed: { role: 'wizard' }, allowed: false },
  { label: 'a user in adminUserIds', seed: { id: ID_ADMIN, role: 'user' }, allowed: true },
  {
    label: 'a verified adminEmails user',
    seed: { email: BOOTSTRAP, emailVerified: true, role: 'user' },
    allowed: true,
  },
  {
    label: 'an unverified adminEmails user',
    seed: { email: UNVERIFIED_BOOTSTRAP, emailVerified: false, role: 'user' },
    allowed: false,
  },
];

describe.each(testDialects())('admin permission matrix (%s)', (dialect) => {
  let server: TestServer;
  const clients = new Map<string, { client: TestClient; id: string; email: string }>();
  beforeAll(async () => {
    server = await startAdminServer(dialect, {
      adminUserIds: [ID_ADMIN],
      adminEmails: [' BOSS@example.com', UNVERIFIED_BOOTSTRAP, LATER_BOOTSTRAP],
    });
    for (const actor of actors) clients.set(actor.label, await signedInUser(server, actor.seed));
  });
  afterAll(() => server.close());

  async function target(action: Action): Promise<Target> {
    const user = await seedUser(server, action.seed);
    return { ...user, token: await seedSession(server, user.id) };
  }

  const denied = actors.filter((actor) => !actor.allowed);
  const allowed = actors.filter((actor) => actor.allowed);

  describe.each(denied)('$label', ({ label }) => {
    it.each(actions)('is refused $name with 403 and nothing changes', async (action) => {
      const subject = await target(action);
      const before = await snapshot(server);
      const response = await action.call(present(clients.get(label)).client, subject);
      expect(await errorOf(response)).toEqual({ status: 403, code: action.code, message: action.message });
      expect(await snapshot(server)).toBe(before);
    });

    it('has-permission answers false for every admin right', async () => {
      const { client } = present(clients.get(label));
      const response = await client.post('/admin/has-permission', {
        permissions: { user: ['list'], session: ['list'] },
      });
      expect([response.status, await response.json()]).toEqual([200, { error: null, success: false }]);
    });
  });

  describe.each(allowed)('$label', ({ label }) => {
    it.each(actions)('may $name', async (action) => {
      const actor = present(clients.get(label));
      const subject = await target(action);
      // Impersonating swaps the browser's session, so it gets a browser of its own.
      const client = action.name === 'impersonate-user' ? server.client() : actor.client;
      if (client !== actor.client) await client.signIn(actor.email);
      const response = await action.call(client, subject);
      expect(response.status).toBe(200);
      await action.effect(server, subject, (await response.json()) as Record<string, unknown>, actor.id);
    });

    it('has-permission answers true for the admin role’s rights', async () => {
      const { client } = present(clients.get(label));
      const response = await client.post('/admin/has-permission', {
        permissions: { user: ['create', 'list', 'ban', 'set-email'], session: ['revoke', 'delete'] },
      });
      expect(await response.json()).toEqual({ error: null, success: true });
    });
  });

  it('only adminUserIds hold impersonate-admins', async () => {
    for (const actor of allowed) {
      const response = await present(clients.get(actor.label)).client.post('/admin/has-permission', {
        permissions: { user: ['impersonate-admins'] },
      });
      expect([actor.label, (await response.json()).success]).toEqual([
        actor.label,
        actor.seed.id === ID_ADMIN,
      ]);
    }
  });

  it('checks read the live role: a demoted admin is refused at once despite a cached session', async () => {
    const admin = await signedInUser(server, { role: 'admin' });
    expect((await admin.client.get('/admin/list-users?limit=1')).status).toBe(200);
    await server.database.db
      .updateTable('user')
      .set({ role: 'user' } as never)
      .where('id', '=', admin.id)
      .execute();
    expect((await admin.client.get('/get-session')).status).toBe(200);
    expect(await errorOf(await admin.client.get('/admin/list-users?limit=1'))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
      message: 'You are not allowed to list users',
    });
  });

  it('an adminEmails user gains the rights the moment their email is verified', async () => {
    const user = await signedInUser(server, { email: LATER_BOOTSTRAP, emailVerified: false });
    const search = `/admin/list-users?searchValue=${LATER_BOOTSTRAP}`;
    expect((await user.client.get(search)).status).toBe(403);
    await server.database.db
      .updateTable('user')
      .set({ emailVerified: 1 })
      .where('id', '=', user.id)
      .execute();
    const response = await user.client.get(search);
    expect([response.status, (await response.json()).users.map((u: { id: string }) => u.id)]).toEqual([
      200,
      [user.id],
    ]);
  });
});
