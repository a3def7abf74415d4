import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type AuthDatabase, toBoolean, toIsoText } from '../../db/schema.ts';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { type ImportOptions, importUsers } from './run-import.ts';
import { fixture, freshDatabaseEach, NOW } from './test-kit.ts';

const LATER = Date.parse('2026-07-01T00:00:00.000Z');
const ALICE_BCRYPT = '$2b$10$./c3C1NEqLNxxyAu2QifB.35czmm62qoc6G55OtkDOEqYlzl4BzJG';
const BOB_BCRYPT = '$2b$10$B2pL9lhu7s2amRK/YCskeuLC21unGvrsy045DpTObS.hWC3VUafoS';
const FRANK_SCRYPT =
  '3bf119b97837199f23450f01256486a3:fed363516865b0744100ee8d5975294a3c32af70b82333a29bf6becdbd73d7c45eba178e3508346851abe47de80bdf714d54a825308cead45901d84ea2251c93';
/** The jBCrypt test vector (docs/protocol/import.md#12-published-test-vectors): cost 6, a weak format. */
const WEAK_BCRYPT = '$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i';

describe.each(testDialects())('the import pipeline (%s)', (dialect) => {
  let database: AuthDatabase;
  freshDatabaseEach(dialect, (opened) => {
    database = opened;
  });

  const run = (options: Pick<ImportOptions, 'format' | 'content'> & Partial<ImportOptions>) =>
    importUsers(database, { file: 'users.csv', now: () => NOW, ...options });

  async function users() {
    const rows = (await database.db.selectFrom('user').selectAll().orderBy('email').execute()) as Record<
      string,
      unknown
    >[];
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      emailVerified: toBoolean(row.emailVerified as number),
      image: row.image,
      createdAt: toIsoText(row.createdAt as string),
      updatedAt: toIsoText(row.updatedAt as string),
      banned: toBoolean((row.banned ?? 0) as number),
      banReason: row.banReason,
    }));
  }

  async function accounts() {
    const rows = await database.db
      .selectFrom('account')
      .innerJoin('user', 'user.id', 'account.userId')
      .select([
        'user.email',
        'user.id as userId',
        'account.providerId',
        'account.accountId',
        'account.password',
      ])
      .orderBy('user.email')
      .orderBy('account.providerId')
      .execute();
    return rows.map((row) => ({
      email: row.email,
      providerId: row.providerId,
      accountId: row.accountId === row.userId ? '(user id)' : row.accountId,
      password: row.password,
    }));
  }

  async function memberships() {
    return database.db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['organization.slug', 'organization.name', 'user.email', 'member.role'])
      .orderBy('organization.slug')
      .orderBy('user.email')
      .execute();
  }

  it('imports the generic CSV as the rows-written table says: users, accounts, organizations and members', async () => {
    const summary = await run({ format: 'csv', content: fixture('users.csv') });
    expect(summary).toEqual({
      ok: true,
      dryRun: false,
      from: 'csv',
      file: 'users.csv',
      total: 4,
      created: 4,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      accounts: { credential: 3, social: 3 },
      hashes: { bcrypt: 2, better_auth_scrypt: 1 },
      organizations: { created: 2, members: 3 },
      warnings: [],
      errors: [],
      durationMs: expect.any(Number),
    });
    const now = new Date(NOW).toISOString();
    const imported = await users();
    expect(imported.map(({ id, ...user }) => user)).toEqual([
      {
        email: 'alice@example.com',
        name: 'Alice Archer',
        emailVerified: true,
        image: 'https://images.example.com/alice.png',
        createdAt: '2021-03-04T05:06:07.000Z',
        updatedAt: now,
        banned: false,
        banReason: null,
      },
      {
        email: 'bob@example.com',
        name: 'Builder, Bob',
        emailVerified: true,
        image: null,
        createdAt: '2021-01-01T00:00:00.000Z',
        updatedAt: now,
        banned: false,
        banReason: null,
      },
      // No name: the part before the @; no creation time: now.
      {
        email: 'carol@example.com',
        name: 'carol',
        emailVerified: false,
        image: null,
        createdAt: now,
        updatedAt: now,
        banned: false,
        banReason: null,
      },
      {
        email: 'frank@example.com',
        name: 'Frank "the tank" Fuller',
        emailVerified: false,
        image: null,
        createdAt: now,
        updatedAt: now,
        banned: false,
        banReason: null,
      },
    ]);
    for (const { id } of imported) expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(await accounts()).toEqual([
      {
        email: 'alice@example.com',
        providerId: 'credential',
        accountId: '(user id)',
        password: `bcrypt$${ALICE_BCRYPT}`,
      },
      { email: 'alice@example.com', providerId: 'github', accountId: '1001', password: null },
      {
        email: 'alice@example.com',
        providerId: 'google',
        accountId: '110248495921238986420',
        password: null,
      },
      {
        email: 'bob@example.com',
        providerId: 'credential',
        accountId: '(user id)',
        password: `bcrypt$${BOB_BCRYPT}`,
      },
      { email: 'carol@example.com', providerId: 'github', accountId: '1003', password: null },
      // Better Auth's own salt:hash is stored as it is.
      {
        email: 'frank@example.com',
        providerId: 'credential',
        accountId: '(user id)',
        password: FRANK_SCRYPT,
      },
    ]);
    expect(await memberships()).toEqual([
      { slug: 'acme', name: 'acme', email: 'alice@example.com', role: 'owner' },
      { slug: 'acme', name: 'acme', email: 'bob@example.com', role: 'member' },
      { slug: 'globex', name: 'globex', email: 'bob@example.com', role: 'admin' },
    ]);
  });

  it('a second run writes no row: every row, updatedAt included, stays as it was', async () => {
    await run({ format: 'csv', content: fixture('users.csv') });
    const before = await snapshotDatabase(database);
    const again = await importUsers(database, {
      format: 'csv',
      file: 'users.csv',
      content: fixture('users.csv'),
      now: () => LATER,
    });
    expect(again).toMatchObject({
      ok: true,
      created: 0,
      updated: 0,
      unchanged: 4,
      accounts: { credential: 0, social: 0 },
      organizations: { created: 0, members: 0 },
    });
    expect(await snapshotDatabase(database)).toBe(before);
  });

  it('an existing user keeps name, image, verified flag, password and ban, and gains only what they lack', async () => {
    const then = '2020-01-01T00:00:00.000Z';
    await database.db
      .insertInto('user')
      .values({
        id: 'existing-bob',
        name: 'Robert',
        email: 'bob@example.com',
        emailVerified: 0,
        image: null,
        createdAt: then,
        updatedAt: then,
        banned: 1,
      } as never)
      .execute();
    await database.db
      .insertInto('account')
      .values({
        id: 'existing-bob-password',
        accountId: 'existing-bob',
        providerId: 'credential',
        userId: 'existing-bob',
        password: 'aa:bb',
        accessToken: null,
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        scope: null,
        createdAt: then,
        updatedAt: then,
      })
      .execute();
    const summary = await run({ format: 'csv', content: fixture('users.csv') });
    expect(summary).toMatchObject({ ok: true, created: 3, updated: 1, unchanged: 0 });
    const bob = (await users()).find((user) => user.email === 'bob@example.com');
    expect(bob).toEqual({
      id: 'existing-bob',
      email: 'bob@example.com',
      name: 'Robert',
      emailVerified: false,
      image: null,
      createdAt: '2020-01-01T00:00:00.000Z',
      updatedAt: '2020-01-01T00:00:00.000Z',
      banned: true,
      banReason: null,
    });
    expect((await accounts()).filter((account) => account.email === 'bob@example.com')).toEqual([
      { email: 'bob@example.com', providerId: 'credential', accountId: '(user id)', password: 'aa:bb' },
    ]);
    expect((await memberships()).filter((member) => member.email === 'bob@example.com')).toEqual([
      { slug: 'acme', name: 'acme', email: 'bob@example.com', role: 'member' },
      { slug: 'globex', name: 'globex', email: 'bob@example.com', role: 'admin' },
    ]);
  });

  it('an organization whose slug exists is reused as it is, and an existing membership keeps its role', async () => {
    await run({ format: 'csv', content: 'email,organizations\nalice@example.com,acme:member\n' });
    await sql`update "organization" set "name" = 'Acme Corporation'`.execute(database.db);
    const summary = await run({ format: 'csv', content: fixture('users.csv') });
    expect(summary).toMatchObject({
      ok: true,
      created: 3,
      updated: 1,
      organizations: { created: 1, members: 2 },
    });
    expect(await memberships()).toEqual([
      { slug: 'acme', name: 'Acme Corporation', email: 'alice@example.com', role: 'member' },
      { slug: 'acme', name: 'Acme Corporation', email: 'bob@example.com', role: 'member' },
      { slug: 'globex', name: 'globex', email: 'bob@example.com', role: 'admin' },
    ]);
  });

  it('a dry run writes nothing and counts what the import would do', async () => {
    const before = await snapshotDatabase(database);
    const summary = await run({ format: 'csv', content: fixture('users.csv'), dryRun: true });
    expect(summary).toMatchObject({
      ok: true,
      dryRun: true,
      created: 4,
      accounts: { credential: 3, social: 3 },
      organizations: { created: 2, members: 3 },
    });
    expect(await snapshotDatabase(database)).toBe(before);
  });

  it('a file with errors imports nothing and lists every problem, each naming its record and line', async () => {
    const before = await snapshotDatabase(database);
    const content = [
      'email,password_hash,providers,shoe_size',
      'ann@example.com,not-a-hash,,',
      ',,,',
      'not an email,,,',
      'Dup@Example.com,,,',
      'ok@example.com,,github:7,',
      'dup@example.com ,,,',
      'other@example.com,,github:7,',
      'nul\u0000@example.com,,,',
      'too,many,cells,here,and more',
      'bad@example.com,"unclosed',
      'never@example.com,,,',
    ].join('\n');
    const summary = await run({ format: 'csv', content });
    expect(summary.ok).toBe(false);
    expect(summary).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 0,
      accounts: { credential: 0, social: 0 },
    });
    expect(summary.warnings).toEqual([
      { record: null, line: null, id: null, email: null, message: 'unknown column shoe_size ignored' },
    ]);
    expect(summary.errors.map((e) => [e.record, e.line, e.email, e.message])).toEqual([
      [1, 2, 'ann@example.com', 'unknown password hash format'],
      [2, 3, null, 'missing email'],
      [3, 4, 'not an email', 'invalid email not an email'],
      [4, 5, 'Dup@Example.com', 'duplicate email dup@example.com (also record 6)'],
      [5, 6, 'ok@example.com', 'github account 7 is also in record 7'],
      [6, 7, 'dup@example.com', 'duplicate email dup@example.com (also record 4)'],
      [7, 8, 'other@example.com', 'github account 7 is also in record 5'],
      [8, 9, 'nul\u0000@example.com', 'invalid email nul?@example.com'],
      [9, 10, 'too', 'malformed CSV: 5 cells, the header has 4'],
      // The rest of the file is inside the quote: the row has no cells to name it by.
      [10, 11, null, 'malformed CSV: unclosed quote'],
    ]);
    // Messages never repeat a hash.
    expect(JSON.stringify(summary)).not.toContain('not-a-hash');
    expect(await snapshotDatabase(database)).toBe(before);
  });

  it('oversized values and control characters are errors naming their record; a bad image is dropped with a warning', async () => {
    const before = await snapshotDatabase(database);
    const content = [
      'email,name,image,password_hash,providers,organizations',
      `long@example.com,${'n'.repeat(257)},,,,`,
      `hash@example.com,,,${'a'.repeat(4097)},,`,
      `account@example.com,,,,github:${'1'.repeat(257)},`,
      '"tab@example.com","two\nlines",,,,',
      'role@example.com,,,,,acme:boss',
      'slug@example.com,,,,,acme',
      'provider@example.com,,,,GitHub:1,',
      'image@example.com,,javascript:alert(1),,,',
    ].join('\n');
    const summary = await run({ format: 'csv', content });
    expect(summary.errors.map((e) => [e.record, e.message])).toEqual([
      [1, 'name longer than 256 characters or not one line'],
      [2, 'password hash parameters exceed the limits: longer than 4096 characters'],
      [3, 'github account id is empty, longer than 256 characters or not one line'],
      [4, 'name longer than 256 characters or not one line'],
      [5, 'organization role boss is not owner, admin or member'],
      [6, 'organizations entry acme is not slug:role'],
      [7, 'provider GitHub is not a provider id'],
    ]);
    expect(summary.warnings.map((w) => [w.record, w.message])).toEqual([
      [8, 'image is not an http(s) URL: imported without it'],
    ]);
    expect(JSON.stringify(summary)).not.toContain('a'.repeat(200));
    expect(await snapshotDatabase(database)).toBe(before);
  });

  it('a social account that belongs to another user is an error naming the record, and nothing is imported', async () => {
    await run({ format: 'csv', content: 'email,providers\nsomeone@example.com,github:1001\n' });
    const before = await snapshotDatabase(database);
    const summary = await run({ format: 'csv', content: fixture('users.csv') });
    expect(summary.ok).toBe(false);
    expect(summary.errors).toEqual([
      {
        record: 1,
        line: 2,
        id: null,
        email: 'alice@example.com',
        message: 'github account 1001 already belongs to another user',
      },
    ]);
    expect(await snapshotDatabase(database)).toBe(before);
  });

  it('a weak hash format is a warning, and an error with refuseWeak', async () => {
    const content = `email,password_hash\nweak@example.com,${WEAK_BCRYPT}\n`;
    const refused = await run({ format: 'csv', content, refuseWeak: true });
    expect(refused.errors.map((e) => e.message)).toEqual([
      'weak password hash format bcrypt refused (--refuse-weak)',
    ]);
    expect(await users()).toEqual([]);
    const imported = await run({ format: 'csv', content });
    expect(imported).toMatchObject({ ok: true, created: 1, hashes: { bcrypt: 1 } });
    expect(imported.warnings).toEqual([
      {
        record: 1,
        line: 2,
        id: null,
        email: 'weak@example.com',
        message: 'weak password hash format bcrypt',
      },
    ]);
  });

  describe('resuming', () => {
    const generated = (count: number) =>
      [
        'email,name,password_hash',
        ...Array.from({ length: count }, (_, i) => `user${i}@example.com,User ${i},${FRANK_SCRYPT}`),
      ].join('\n');

    async function userCount(): Promise<number> {
      const row = await database.db
        .selectFrom('user')
        .select((select) => select.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }

    async function failInsertOf(email: string): Promise<() => Promise<void>> {
      if (dialect === 'sqlite') {
        await sql
          .raw(`create trigger fail_one before insert on "user" when new.email = '${email}'
            begin select raise(abort, 'injected failure'); end`)
          .execute(database.db);
        return async () => {
          await sql`drop trigger fail_one`.execute(database.db);
        };
      }
      await sql`create function fail_one() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(
        database.db,
      );
      await sql
        .raw(`create trigger fail_one before insert on "user" for each row
          when (new.email = '${email}') execute function fail_one()`)
        .execute(database.db);
      return async () => {
        await sql`drop trigger fail_one on "user"`.execute(database.db);
      };
    }

    it('a batch that fails leaves the batches before it whole and none of its own users; running again imports every user once', async () => {
      const content = generated(2000);
      // user1233 is in the ninth batch of 150 (users 1200–1349).
      const restore = await failInsertOf('user1233@example.com');
      await expect(run({ format: 'csv', content, batchSize: 150 })).rejects.toThrow(/injected failure/);
      expect(await userCount()).toBe(1200);
      expect(await database.db.selectFrom('account').select('id').execute()).toHaveLength(1200);
      await restore();
      const resumed = await run({ format: 'csv', content, batchSize: 150 });
      expect(resumed).toMatchObject({
        ok: true,
        created: 800,
        unchanged: 1200,
        accounts: { credential: 800 },
      });
      expect(await userCount()).toBe(2000);
      const distinct = await database.db
        .selectFrom('user')
        .select((select) => select.fn.count<number>('email').distinct().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(distinct.count)).toBe(2000);
    });

    it('a run stopped between batches leaves whole batches, and the same run again completes it', async () => {
      const content = generated(500);
      const stopped = run({
        format: 'csv',
        content,
        batchSize: 100,
        onProgress: ({ done }) => {
          if (done === 300) throw new Error('stopped');
        },
      });
      await expect(stopped).rejects.toThrow('stopped');
      expect(await userCount()).toBe(300);
      const resumed = await run({ format: 'csv', content, batchSize: 100 });
      expect(resumed).toMatchObject({ ok: true, created: 200, unchanged: 300 });
      expect(await userCount()).toBe(500);
    });
  });
});
