/**
 * `username` and `displayUsername` through sign-up, update-user and is-username-available
 * (docs/protocol/passwordless.md#3-usernames), and the feature's decisions U1–U3 (README).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';

const PASSWORD = 'correct horse battery';
let counter = 0;
const freshEmail = () => `u-${++counter}-${Date.now()}@example.com`;

describe.each(testDialects())('usernames on sign-up and update-user (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { username: {} });
  });
  afterAll(() => server.close());

  const signUp = (fields: Record<string, unknown>, client = server.client()) =>
    client.post('/sign-up/email', { name: 'Someone', email: freshEmail(), password: PASSWORD, ...fields });
  const stored = async (userId: string) =>
    (await server.database.db
      .selectFrom('user')
      .select(['username', 'displayUsername'] as never[])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()) as { username: string | null; displayUsername: string | null };
  const idOf = async (response: Response) => ((await response.json()) as { user: { id: string } }).user.id;

  it('stores the username lowercased and the display name as typed, in every user object', async () => {
    const response = await signUp({ username: 'Ada.Lovelace' });
    expect(response.status).toBe(200);
    const body = await response.clone().json();
    expect(body.user).toMatchObject({ username: 'ada.lovelace', displayUsername: 'Ada.Lovelace' });
    expect(await stored(await idOf(response))).toEqual({
      username: 'ada.lovelace',
      displayUsername: 'Ada.Lovelace',
    });
  });

  it('keeps a display name given beside the username', async () => {
    const response = await signUp({ username: 'turing', displayUsername: 'Alan Turing' });
    expect((await response.json()).user).toMatchObject({
      username: 'turing',
      displayUsername: 'Alan Turing',
    });
  });

  it('takes a display name that is a valid username as the username too, and keeps one that is not alone', async () => {
    const valid = await signUp({ displayUsername: 'Hopper' });
    expect((await valid.json()).user).toMatchObject({ username: 'hopper', displayUsername: 'Hopper' });
    const spaced = await signUp({ displayUsername: 'Grace Hopper' });
    expect((await spaced.json()).user).toMatchObject({ username: null, displayUsername: 'Grace Hopper' });
  });

  it('signs up without a username: both fields null', async () => {
    const response = await signUp({});
    expect((await response.json()).user).toMatchObject({ username: null, displayUsername: null });
  });

  it.each([
    [{ username: 'ab' }, 'USERNAME_TOO_SHORT', 'Username is too short'],
    [{ username: 'x'.repeat(31) }, 'USERNAME_TOO_LONG', 'Username is too long'],
    [{ username: 'no spaces' }, 'INVALID_USERNAME', 'Username is invalid'],
    [{ username: 'dash-ed' }, 'INVALID_USERNAME', 'Username is invalid'],
    [{ username: 'line\nbreak' }, 'INVALID_USERNAME', 'Username is invalid'],
    [{ username: 'Admin' }, 'USERNAME_IS_RESERVED', 'This username is reserved. Please try another.'],
    [
      { username: 'fine_name', displayUsername: 'd'.repeat(65) },
      'INVALID_DISPLAY_USERNAME',
      'Display username is invalid',
    ],
    [
      { username: 'fine_name', displayUsername: 'two\nlines' },
      'INVALID_DISPLAY_USERNAME',
      'Display username is invalid',
    ],
  ])('refuses %j with 400 and creates no account', async (fields, code, message) => {
    const before = await snapshotDatabase(server.database);
    const response = await signUp(fields);
    expect(await errorOf(response)).toEqual({ status: 400, code, message });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it.each([
    ['a number', { username: 42 }, 'username'],
    ['an object', { displayUsername: { text: 'x' } }, 'displayUsername'],
    ['a NUL byte', { username: 'nul\u0000name' }, 'body.username'],
  ])('refuses %s with 400 VALIDATION_ERROR and creates no account', async (_, fields, path) => {
    const before = await snapshotDatabase(server.database);
    const response = await signUp(fields);
    const body = (await response.json()) as { code: string; issues: { path: string }[] };
    expect({ status: response.status, code: body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(body.issues.map((issue) => issue.path)).toContain(path);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('refuses a taken username in any letter case, and nothing is created', async () => {
    expect((await signUp({ username: 'Taken_Name' })).status).toBe(200);
    const before = await snapshotDatabase(server.database);
    expect(await errorOf(await signUp({ username: 'taken_NAME' }))).toEqual({
      status: 400,
      code: 'USERNAME_IS_ALREADY_TAKEN',
      message: 'Username is already taken. Please try another.',
    });
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('the database refuses a second holder of one name, whatever wrote it (the unique index)', async () => {
    const first = await idOf(await signUp({ username: 'unique_one' }));
    const second = await idOf(await signUp({}));
    await expect(
      server.database.db
        .updateTable('user')
        .set({ username: 'unique_one' } as never)
        .where('id', '=', second)
        .execute(),
    ).rejects.toThrow();
    expect((await stored(first)).username).toBe('unique_one');
  });

  describe('update-user', () => {
    it('sets a username, lowercased, the display name following it (U3), and records the fields', async () => {
      const client = server.client();
      const userId = await idOf(await signUp({}, client));
      const response = await client.post('/update-user', { username: 'Later_Name' });
      expect(response.status).toBe(200);
      expect(await stored(userId)).toEqual({ username: 'later_name', displayUsername: 'Later_Name' });
      const session = await (await client.get('/get-session?disableCookieCache=true')).json();
      expect(session.user).toMatchObject({ username: 'later_name', displayUsername: 'Later_Name' });
      const event = await server.database.db
        .selectFrom('auditEvent')
        .select('metadata')
        .where('type', '=', 'user.profile_updated')
        .where('targetId', '=', userId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(String(event.metadata)).fields).toEqual(['username', 'displayUsername']);
    });

    it("keeps one's own name in another letter case, and a display name alone", async () => {
      const client = server.client();
      const userId = await idOf(await signUp({ username: 'own_name' }, client));
      expect((await client.post('/update-user', { username: 'OWN_name' })).status).toBe(200);
      expect((await client.post('/update-user', { displayUsername: 'Own Name' })).status).toBe(200);
      expect(await stored(userId)).toEqual({ username: 'own_name', displayUsername: 'Own Name' });
    });

    it("refuses someone else's name with 400 USERNAME_IS_ALREADY_TAKEN, changing nothing", async () => {
      await signUp({ username: 'someone_else' });
      const client = server.client();
      await signUp({ username: 'mine_now' }, client);
      const before = await snapshotDatabase(server.database);
      expect(await errorOf(await client.post('/update-user', { username: 'Someone_Else' }))).toEqual({
        status: 400,
        code: 'USERNAME_IS_ALREADY_TAKEN',
        message: 'Username is already taken. Please try another.',
      });
      expect(await errorOf(await client.post('/update-user', { username: 'x' }))).toMatchObject({
        status: 400,
        code: 'USERNAME_TOO_SHORT',
      });
      expect(await snapshotDatabase(server.database)).toBe(before);
    });

    it('refuses a reserved name, but an account that already holds one keeps it (U1)', async () => {
      const client = server.client();
      const userId = await idOf(await signUp({ username: 'ordinary' }, client));
      expect(await errorOf(await client.post('/update-user', { username: 'support' }))).toMatchObject({
        status: 400,
        code: 'USERNAME_IS_RESERVED',
      });
      // Held from before the list named it (written straight to the row, as an older release would have).
      await server.database.db
        .updateTable('user')
        .set({ username: 'root' } as never)
        .where('id', '=', userId)
        .execute();
      expect((await client.post('/update-user', { username: 'Root', displayUsername: 'Root' })).status).toBe(
        200,
      );
      expect(await stored(userId)).toEqual({ username: 'root', displayUsername: 'Root' });
    });
  });

  describe('POST /is-username-available', () => {
    const available = (username: unknown) => server.client().post('/is-username-available', { username });

    it('answers false for a taken name in any letter case and for a reserved one, true otherwise', async () => {
      await signUp({ username: 'Looked_Up' });
      expect(await (await available('LOOKED_UP')).json()).toEqual({ available: false });
      expect(await (await available('Administrator')).json()).toEqual({ available: false });
      expect(await (await available('free_name_42')).json()).toEqual({ available: true });
    });

    it.each([
      ['', 'INVALID_USERNAME', 'Username is invalid'],
      ['ab', 'USERNAME_TOO_SHORT', 'Username is too short'],
      ['y'.repeat(31), 'USERNAME_TOO_LONG', 'Username is too long'],
      ['bad!', 'INVALID_USERNAME', 'Username is invalid'],
    ])('answers 422 for %j', async (username, code, message) => {
      expect(await errorOf(await available(username))).toEqual({ status: 422, code, message });
    });

    it.each([
      ['a missing username', {}],
      ['a number', { username: 7 }],
      ['a NUL byte', { username: 'nul\u0000' }],
      ['a name past 1024 characters', { username: 'z'.repeat(1025) }],
    ])('answers 400 VALIDATION_ERROR for %s', async (_, body) => {
      const response = await server.client().post('/is-username-available', body);
      expect(await errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    });
  });
});
