/**
 * Several people in one browser (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession):
 * the `_multi-` cookies every new session gets, the three routes, and sign-out of everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { secondCopy, storageBackends } from '../../testing/shared-storage.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

const SESSION = 'better-auth.session_token';
const MULTI = `${SESSION}_multi-`;
const INVALID = { status: 401, code: 'INVALID_SESSION_TOKEN', message: 'Invalid session token' };

let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}-${Date.now()}@example.com`;

/** The session tokens the browser's `_multi-` cookies name. */
const heldTokens = (client: TestClient) =>
  [...client.jar.cookies.keys()]
    .filter((name) => name.startsWith(MULTI))
    .map((name) => name.slice(MULTI.length));

const sessionRow = (server: TestServer, token: string) =>
  server.database.db
    .selectFrom('session')
    .select(['id', 'userId'])
    .where('token', '=', token)
    .executeTakeFirst();

describe.each(testDialects())('multi-session (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { multiSession: {} });
  });
  afterAll(() => server.close());

  /** One browser with several people signed up (and so signed in) in turn; the last one is active. */
  async function browserWith(count: number) {
    const client = server.client();
    const people: { email: string; id: string; token: string }[] = [];
    for (let i = 0; i < count; i++) {
      const email = freshEmail('person');
      const { user, token } = await client.signUp(email);
      people.push({ email, id: user.id, token });
    }
    return { client, people };
  }
  const list = async (client: TestClient) =>
    (await (await client.get('/multi-session/list-device-sessions')).json()) as {
      session: { token: string; userId: string };
      user: { id: string; email: string };
    }[];

  it('gives every new session a signed _multi- cookie named for its token, with the session cookie’s attributes', async () => {
    const client = server.client();
    const response = await client.post('/sign-up/email', {
      name: 'A',
      email: freshEmail('a'),
      password: 'correct horse battery',
    });
    const { token } = (await response.json()) as { token: string };
    const header = response.headers.getSetCookie().find((line) => line.startsWith(MULTI));
    expect(header).toBeDefined();
    expect(header?.split('=')[0]).toBe(`${MULTI}${token.toLowerCase()}`);
    expect(header).toMatch(new RegExp(`=${token}\\.[^;]+;`));
    expect(header).toMatch(/Max-Age=604800/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
  });

  it('lists one entry per person of the browser, each with its token; [] without cookies', async () => {
    const { client, people } = await browserWith(3);
    const entries = await list(client);
    expect(entries.map((entry) => entry.user.email).sort()).toEqual(people.map((p) => p.email).sort());
    expect(entries.map((entry) => entry.session.token).sort()).toEqual(people.map((p) => p.token).sort());
    expect(await list(server.client())).toEqual([]);
  });

  it('signing in again as someone already in the browser ends their earlier session there', async () => {
    const { client, people } = await browserWith(2);
    const [first] = people;
    if (!first) throw new Error('no person');
    const again = await client.signIn(first.email);
    expect(await sessionRow(server, first.token)).toBeUndefined();
    expect(heldTokens(client)).not.toContain(first.token.toLowerCase());
    expect(heldTokens(client)).toContain(again.token.toLowerCase());
    expect((await list(client)).filter((entry) => entry.user.id === first.id)).toHaveLength(1);
    const revoked = await server.database.db
      .selectFrom('auditEvent')
      .select(['actorId', 'metadata'])
      .where('type', '=', 'session.revoked')
      .where('actorId', '=', first.id)
      .execute();
    expect(revoked.map((event) => JSON.parse(String(event.metadata)))).toEqual([{ by: 'self' }]);
  });

  it('holds at most 5 people: a sixth session works but gets no _multi- cookie', async () => {
    const { client, people } = await browserWith(6);
    const sixth = people[5];
    if (!sixth) throw new Error('no sixth person');
    expect(heldTokens(client)).toHaveLength(5);
    expect(heldTokens(client)).not.toContain(sixth.token.toLowerCase());
    const session = await (await client.get('/get-session')).json();
    expect(session.user.id).toBe(sixth.id);
  });

  it('set-active switches the session cookie to a held session and answers {session, user}', async () => {
    const { client, people } = await browserWith(2);
    const [first] = people;
    if (!first) throw new Error('no person');
    const response = await client.post('/multi-session/set-active', { sessionToken: first.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ session: { token: first.token }, user: { id: first.id } });
    expect(client.jar.get(SESSION)).toMatch(new RegExp(`^${first.token}\\.`));
    expect((await (await client.get('/get-session')).json()).user.id).toBe(first.id);
  });

  it("set-active refuses a token the browser does not hold (someone else's, a random one) with 401", async () => {
    const { client } = await browserWith(1);
    const { people: others } = await browserWith(1);
    const before = client.jar.get(SESSION);
    for (const sessionToken of [others[0]?.token ?? '', 'random-token', '']) {
      const response = await client.post('/multi-session/set-active', { sessionToken });
      expect(await errorOf(response)).toEqual(INVALID);
    }
    expect(client.jar.get(SESSION)).toBe(before);
  });

  it('set-active refuses a held session that ended, and drops its cookie', async () => {
    const { client, people } = await browserWith(2);
    const [first] = people;
    if (!first) throw new Error('no person');
    await server.database.db.deleteFrom('session').where('token', '=', first.token).execute();
    expect(
      await errorOf(await client.post('/multi-session/set-active', { sessionToken: first.token })),
    ).toEqual(INVALID);
    expect(heldTokens(client)).not.toContain(first.token.toLowerCase());
  });

  it('revoke ends another held session and keeps the active one', async () => {
    const { client, people } = await browserWith(2);
    const [first, second] = people;
    if (!first || !second) throw new Error('no people');
    const ended = await sessionRow(server, first.token);
    const response = await client.post('/multi-session/revoke', { sessionToken: first.token });
    expect(await response.json()).toEqual({ status: true });
    expect(await sessionRow(server, first.token)).toBeUndefined();
    expect(heldTokens(client)).toEqual([second.token.toLowerCase()]);
    expect((await (await client.get('/get-session')).json()).user.id).toBe(second.id);
    const event = await server.database.db
      .selectFrom('auditEvent')
      .select(['actorId', 'targetId', 'metadata'])
      .where('type', '=', 'session.revoked')
      .where('targetId', '=', ended?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ actorId: first.id });
    expect(JSON.parse(String(event.metadata))).toEqual({ by: 'self' });
  });

  it('revoking the active session makes another held one active, then clears the cookies when none is left', async () => {
    const { client, people } = await browserWith(2);
    const [first, second] = people;
    if (!first || !second) throw new Error('no people');
    await client.post('/multi-session/revoke', { sessionToken: second.token });
    expect((await (await client.get('/get-session')).json()).user.id).toBe(first.id);
    expect(client.jar.get(SESSION)).toMatch(new RegExp(`^${first.token}\\.`));
    await client.post('/multi-session/revoke', { sessionToken: first.token });
    expect(client.jar.get(SESSION)).toBeUndefined();
    expect(await (await client.get('/get-session')).json()).toBeNull();
  });

  it('revoke needs a session (401) and a held token (401 INVALID_SESSION_TOKEN), ending nothing otherwise', async () => {
    const { client } = await browserWith(1);
    const { people: others } = await browserWith(1);
    const before = await snapshotDatabase(server.database);
    const signedOut = await server.client().post('/multi-session/revoke', { sessionToken: others[0]?.token });
    expect(await errorOf(signedOut)).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(
      await errorOf(await client.post('/multi-session/revoke', { sessionToken: others[0]?.token })),
    ).toEqual(INVALID);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it.each([
    ['set-active', 'a missing token', {}],
    ['set-active', 'a number', { sessionToken: 12 }],
    ['set-active', 'a NUL byte', { sessionToken: 'a\u0000b' }],
    ['set-active', 'a token past 256 characters', { sessionToken: 't'.repeat(257) }],
    ['revoke', 'a missing token', {}],
    ['revoke', 'an array', { sessionToken: ['x'] }],
    ['revoke', 'a NUL byte', { sessionToken: 'a\u0000b' }],
  ])('%s refuses %s with 400 VALIDATION_ERROR, changing nothing', async (route, _, body) => {
    const { client } = await browserWith(1);
    const before = await snapshotDatabase(server.database);
    expect(await errorOf(await client.post(`/multi-session/${route}`, body))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('refuses a signed value copied under another _multi- name', async () => {
    const { client, people } = await browserWith(2);
    const [first, second] = people;
    if (!first || !second) throw new Error('no people');
    // The second's signed value under a name made up for a token it is not.
    const value = client.jar.get(`${MULTI}${second.token.toLowerCase()}`) ?? '';
    client.jar.cookies.set(`${MULTI}made-up`, value);
    expect(
      await errorOf(await client.post('/multi-session/set-active', { sessionToken: 'made-up' })),
    ).toEqual(INVALID);
    expect((await list(client)).map((entry) => entry.user.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('sign-out ends every session of the browser and clears their cookies', async () => {
    const { client, people } = await browserWith(3);
    const response = await client.post('/sign-out');
    expect(await response.json()).toEqual({ success: true });
    for (const person of people) expect(await sessionRow(server, person.token)).toBeUndefined();
    expect(heldTokens(client)).toEqual([]);
    expect(client.jar.get(SESSION)).toBeUndefined();
    const ids = people.slice(0, 2).map((person) => person.id);
    const revoked = await server.database.db
      .selectFrom('auditEvent')
      .select('actorId')
      .where('type', '=', 'session.revoked')
      .where('actorId', 'in', ids)
      .execute();
    expect(revoked.map((event) => event.actorId).sort()).toEqual([...ids].sort());
  });

  it('gives an impersonation session no _multi- cookie (M1)', async () => {
    const withAdmin = await startTestServer(dialect, { multiSession: {}, admin: { enabled: true } });
    try {
      const admin = withAdmin.client();
      const { user: adminUser, token: adminToken } = await admin.signUp(freshEmail('admin'));
      await withAdmin.database.db
        .updateTable('user')
        .set({ role: 'admin' } as never)
        .where('id', '=', adminUser.id)
        .execute();
      const { user: target } = await withAdmin.client().signUp(freshEmail('target'));
      const response = await admin.post('/admin/impersonate-user', { userId: target.id });
      expect(response.status).toBe(200);
      expect((await (await admin.get('/get-session')).json()).user.id).toBe(target.id);
      expect(heldTokens(admin)).toEqual([adminToken.toLowerCase()]);
    } finally {
      await withAdmin.close();
    }
  });

  it('is 404 with the feature off, and sign-out then ends only the presented session', async () => {
    const off = await startTestServer(dialect);
    try {
      const client = off.client();
      const first = await client.signUp(freshEmail('off'));
      const multi = [...client.jar.cookies.keys()].filter((name) => name.startsWith(MULTI));
      expect(multi).toEqual([]);
      expect((await client.get('/multi-session/list-device-sessions')).status).toBe(404);
      expect((await client.post('/multi-session/set-active', { sessionToken: first.token })).status).toBe(
        404,
      );
      const other = off.client();
      const second = await other.signUp(freshEmail('off'));
      await client.post('/sign-out');
      expect(await sessionRow(off, second.token)).toBeDefined();
    } finally {
      await off.close();
    }
  });
});

describe.each(storageBackends())(
  'multi-session revocations between server copies (%s)',
  (_, createStorage) => {
    const storage = createStorage();
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer('sqlite', { storage, multiSession: {} });
    });
    afterAll(async () => {
      await server.close();
      await storage.close?.();
    });

    it("a session ended by revoke or sign-out through one copy is refused by another copy's cookie cache", async () => {
      const { auth: other, assertConforms } = await secondCopy(server, storage, { multiSession: {} });
      const client = server.client();
      const first = await client.signUp(freshEmail('shared'));
      // The first person's cookies as they are now, cache included: what another tab would still send.
      const firstCookies = client.jar.header();
      await client.signUp(freshEmail('shared'));
      const askOther = async (cookie: string) =>
        (
          await other.handler(new Request(`${server.url}/api/auth/get-session`, { headers: { cookie } }))
        ).json();
      expect(await askOther(firstCookies)).not.toBeNull();
      await client.post('/multi-session/revoke', { sessionToken: first.token });
      expect(await askOther(firstCookies)).toBeNull();

      const secondCookies = client.jar.header();
      expect(await askOther(secondCookies)).not.toBeNull();
      await client.post('/sign-out');
      expect(await askOther(secondCookies)).toBeNull();
      assertConforms();
    });
  },
);
