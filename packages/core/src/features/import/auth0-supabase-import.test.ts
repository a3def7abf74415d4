import { describe, expect, it } from 'vitest';
import { type AuthDatabase, toBoolean, toIsoText } from '../../db/schema.ts';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { type ImportOptions, importUsers } from './run-import.ts';
import { fixture, freshDatabaseEach, NOW } from './test-kit.ts';

const METADATA_DROPPED = 'the user table has no metadata column: the source metadata was not imported';

describe.each(testDialects())('importing from Auth0 and Supabase (%s)', (dialect) => {
  let database: AuthDatabase;
  freshDatabaseEach(dialect, (opened) => {
    database = opened;
  });

  const run = (options: Pick<ImportOptions, 'format' | 'content'> & Partial<ImportOptions>) =>
    importUsers(database, { file: 'export', now: () => NOW, ...options });

  async function users() {
    const rows = (await database.db.selectFrom('user').selectAll().orderBy('email').execute()) as Record<
      string,
      unknown
    >[];
    return rows.map((row) => ({
      email: row.email,
      name: row.name,
      emailVerified: toBoolean(row.emailVerified as number),
      image: row.image,
      createdAt: toIsoText(row.createdAt as string),
      banned: toBoolean((row.banned ?? 0) as number),
      banExpires: row.banExpires ? toIsoText(row.banExpires as string) : null,
    }));
  }

  async function accounts() {
    const rows = await database.db
      .selectFrom('account')
      .innerJoin('user', 'user.id', 'account.userId')
      .select(['user.email', 'account.providerId', 'account.accountId', 'account.password'])
      .orderBy('user.email')
      .orderBy('account.providerId')
      .execute();
    return rows.map((row) => [
      row.email,
      row.providerId,
      row.providerId === 'credential' ? row.password : row.accountId,
    ]);
  }

  it('Auth0 bulk file: names from the name parts, bans, password_hash and a bcrypt custom_password_hash', async () => {
    const summary = await run({ format: 'auth0', content: fixture('auth0-bulk.json') });
    expect(summary).toMatchObject({
      ok: true,
      total: 3,
      created: 3,
      accounts: { credential: 2, social: 0 },
      hashes: { bcrypt: 2 },
    });
    expect(summary.warnings.map((w) => w.message)).toEqual([
      'mfa_factors are not imported: users enrol their second factor again',
      METADATA_DROPPED,
    ]);
    expect(await users()).toEqual([
      {
        email: 'alice@example.com',
        name: 'Alice Archer',
        emailVerified: true,
        image: 'https://s.gravatar.com/avatar/alice.png',
        createdAt: '2026-06-01T00:00:00.000Z',
        banned: false,
        banExpires: null,
      },
      {
        email: 'bob@example.com',
        name: 'Bob Builder',
        emailVerified: false,
        image: null,
        createdAt: '2026-06-01T00:00:00.000Z',
        banned: true,
        banExpires: null,
      },
      {
        email: 'carol@example.com',
        name: 'carol',
        emailVerified: false,
        image: null,
        createdAt: '2026-06-01T00:00:00.000Z',
        banned: false,
        banExpires: null,
      },
    ]);
    expect(await accounts()).toEqual([
      [
        'alice@example.com',
        'credential',
        'bcrypt$$2b$10$./c3C1NEqLNxxyAu2QifB.35czmm62qoc6G55OtkDOEqYlzl4BzJG',
      ],
      [
        'bob@example.com',
        'credential',
        'bcrypt$$2b$10$B2pL9lhu7s2amRK/YCskeuLC21unGvrsy045DpTObS.hWC3VUafoS',
      ],
    ]);
  });

  it('Auth0 export NDJSON with --passwords: social identities mapped, the password merged by email', async () => {
    const summary = await run({
      format: 'auth0',
      content: fixture('auth0-export.ndjson'),
      passwords: fixture('auth0-passwords.ndjson'),
    });
    expect(summary).toMatchObject({ ok: true, total: 3, created: 3, accounts: { credential: 1, social: 3 } });
    expect(summary.warnings.map((w) => w.message)).toEqual([
      'provider oauth2 has no Gatehouse provider configured',
      METADATA_DROPPED,
    ]);
    expect(await accounts()).toEqual([
      [
        'alice@example.com',
        'credential',
        'bcrypt$$2b$10$./c3C1NEqLNxxyAu2QifB.35czmm62qoc6G55OtkDOEqYlzl4BzJG',
      ],
      ['dave@example.com', 'github', '1001'],
      ['erin@example.com', 'google', '110248495921238986420'],
      ['erin@example.com', 'oauth2', 'erin-7'],
    ]);
    expect((await users()).map((u) => [u.email, u.name, u.createdAt, u.banned])).toEqual([
      ['alice@example.com', 'Alice Archer', '2021-03-04T05:06:07.000Z', false],
      ['dave@example.com', 'dave', '2021-05-06T07:08:09.000Z', false],
      ['erin@example.com', 'Erin Ellis', '2022-01-02T03:04:05.000Z', true],
    ]);
  });

  it('a truncated NDJSON line names its record and line, and nothing is imported', async () => {
    const whole = fixture('auth0-export.ndjson');
    const truncated = whole.slice(0, whole.lastIndexOf('"identities"'));
    const before = await snapshotDatabase(database);
    const summary = await run({ format: 'auth0', content: truncated });
    expect(summary.ok).toBe(false);
    expect(summary.errors).toEqual([
      { record: 3, line: 4, id: null, email: null, message: 'not valid JSON (truncated?)' },
    ]);
    expect(await snapshotDatabase(database)).toBe(before);
  });

  it('a --passwords line for nobody in the file, and a user with two passwords, are errors', async () => {
    const stray =
      '{"email":"nobody@example.com","passwordHash":"$2b$10$B2pL9lhu7s2amRK/YCskeuLC21unGvrsy045DpTObS.hWC3VUafoS"}';
    const bulk = await run({
      format: 'auth0',
      content: fixture('auth0-bulk.json'),
      passwords: `${fixture('auth0-passwords.ndjson')}${stray}\n`,
    });
    expect(bulk.errors.map((e) => [e.record, e.message])).toEqual([
      [null, '--passwords line 2: no user with email nobody@example.com in the file'],
      [1, 'password_hash and a --passwords line for the same user'],
    ]);
    expect(JSON.stringify(bulk.errors)).not.toContain('$2b$');
    expect(await users()).toEqual([]);
  });

  it('Auth0 extended form: organizations with display names and logos, roles from the role names', async () => {
    const summary = await run({ format: 'auth0', content: fixture('auth0-extended.json') });
    expect(summary).toMatchObject({ ok: true, created: 3, organizations: { created: 1, members: 3 } });
    const organization = await database.db
      .selectFrom('organization')
      .select(['name', 'slug', 'logo'])
      .execute();
    expect(organization).toEqual([
      { name: 'Acme Inc.', slug: 'acme', logo: 'https://cdn.example.com/acme.png' },
    ]);
    const members = await database.db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .select(['user.email', 'member.role'])
      .orderBy('user.email')
      .execute();
    expect(members).toEqual([
      { email: 'alice@example.com', role: 'owner' },
      { email: 'bob@example.com', role: 'admin' },
      { email: 'carol@example.com', role: 'member' },
    ]);
  });

  it('Supabase: confirmed addresses, metadata names and avatars, bans in the future, identities; deleted and anonymous users skipped', async () => {
    const summary = await run({ format: 'supabase', content: fixture('supabase.json') });
    expect(summary).toMatchObject({
      ok: true,
      total: 5,
      created: 3,
      skipped: 2,
      accounts: { credential: 1, social: 2 },
      hashes: { bcrypt: 1 },
    });
    expect(summary.warnings.map((w) => [w.record, w.message])).toEqual([
      [3, 'deleted at the source: not imported'],
      [4, 'an anonymous user: not imported'],
      [5, 'a single sign-on user: imported without a password'],
      [null, METADATA_DROPPED],
    ]);
    expect(await users()).toEqual([
      {
        email: 'alice@example.com',
        name: 'Alice Archer',
        emailVerified: true,
        image: 'https://avatars.githubusercontent.com/u/1001',
        createdAt: '2021-03-04T05:06:07.000Z',
        banned: false,
        banExpires: null,
      },
      {
        email: 'bob@example.com',
        name: 'Bob Builder',
        emailVerified: false,
        image: null,
        createdAt: '2021-01-01T00:00:00.000Z',
        banned: true,
        banExpires: '2099-01-01T00:00:00.000Z',
      },
      {
        email: 'sso@corp.example.com',
        name: 'sso-user',
        emailVerified: true,
        image: null,
        createdAt: '2021-06-01T00:00:00.000Z',
        banned: false,
        banExpires: null,
      },
    ]);
    expect(await accounts()).toEqual([
      [
        'alice@example.com',
        'credential',
        'bcrypt$$2a$10$SvjcbrAi2luMnVFUmT27SOXhSS8MBN9Hh/QckM2yqpAJf3Zicd01G',
      ],
      ['alice@example.com', 'github', '1001'],
      ['bob@example.com', 'microsoft', '5b0c1d2e-aaaa-bbbb-cccc-0123456789ab'],
    ]);
  });
});
