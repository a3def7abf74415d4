import { describe, expect, it } from 'vitest';
import { type AuthDatabase, toBoolean, toIsoText } from '../../db/schema.ts';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { importUsers } from './run-import.ts';
import { fixture, freshDatabaseEach, NOW } from './test-kit.ts';

const ALICE_BCRYPT = '$2b$10$./c3C1NEqLNxxyAu2QifB.35czmm62qoc6G55OtkDOEqYlzl4BzJG';
const CAROL_BCRYPT = '$2a$10$SvjcbrAi2luMnVFUmT27SOXhSS8MBN9Hh/QckM2yqpAJf3Zicd01G';

describe.each(testDialects())('importing from Clerk (%s)', (dialect) => {
  let database: AuthDatabase;
  freshDatabaseEach(dialect, (opened) => {
    database = opened;
  });

  const clerk = (content: string, file: string) =>
    importUsers(database, { format: 'clerk', file, content, now: () => NOW });

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
      banReason: row.banReason,
    }));
  }

  async function accounts() {
    return database.db
      .selectFrom('account')
      .innerJoin('user', 'user.id', 'account.userId')
      .select(['user.email', 'account.providerId', 'account.accountId', 'account.password'])
      .where('account.providerId', '!=', 'credential')
      .orderBy('user.email')
      .orderBy('account.providerId')
      .execute();
  }

  it('the JSON export: users, primary addresses, external accounts, bans, organizations with an owner each', async () => {
    const summary = await clerk(fixture('clerk.json'), 'clerk.json');
    expect(summary).toMatchObject({
      ok: true,
      total: 3,
      created: 3,
      accounts: { credential: 2, social: 2 },
      hashes: { bcrypt: 2 },
      organizations: { created: 2, members: 4 },
      errors: [],
    });
    expect(summary.warnings.map((warning) => warning.message)).toEqual([
      'organization membership 4: role org:billing imported as member',
      'the user table has no metadata column: the source metadata was not imported',
    ]);
    expect(await users()).toEqual([
      {
        email: 'alice@example.com',
        name: 'Alice Archer',
        emailVerified: true,
        image: 'https://img.clerk.com/alice.png',
        createdAt: '2021-03-04T05:06:07.000Z',
        banned: false,
        banReason: null,
      },
      {
        email: 'bob@example.com',
        name: 'bobby',
        emailVerified: true,
        image: 'https://img.clerk.com/default.png',
        createdAt: '2021-01-01T00:00:00.000Z',
        banned: true,
        banReason: 'imported as blocked',
      },
      {
        email: 'carol@example.com',
        name: 'Carol Cooper',
        emailVerified: true,
        image: null,
        createdAt: '2021-02-01T00:00:00.000Z',
        banned: false,
        banReason: null,
      },
    ]);
    expect(await accounts()).toEqual([
      { email: 'alice@example.com', providerId: 'github', accountId: '1001', password: null },
      {
        email: 'alice@example.com',
        providerId: 'google',
        accountId: '110248495921238986420',
        password: null,
      },
    ]);
    const passwords = await database.db
      .selectFrom('account')
      .innerJoin('user', 'user.id', 'account.userId')
      .select(['user.email', 'account.password'])
      .where('account.providerId', '=', 'credential')
      .orderBy('user.email')
      .execute();
    expect(passwords).toEqual([
      { email: 'alice@example.com', password: `bcrypt$${ALICE_BCRYPT}` },
      { email: 'carol@example.com', password: `bcrypt$${CAROL_BCRYPT}` },
    ]);
    const organizations = await database.db
      .selectFrom('organization')
      .select(['name', 'slug', 'logo', 'createdAt'])
      .orderBy('slug')
      .execute();
    expect(organizations.map((o) => ({ ...o, createdAt: toIsoText(o.createdAt) }))).toEqual([
      {
        name: 'Acme Inc.',
        slug: 'acme',
        logo: 'https://img.clerk.com/acme.png',
        createdAt: '2020-09-13T12:26:40.000Z',
      },
      { name: 'Globex', slug: 'globex', logo: null, createdAt: '2020-09-13T12:26:41.000Z' },
    ]);
    const members = await database.db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.userId')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['organization.slug', 'user.email', 'member.role'])
      .orderBy('organization.slug')
      .orderBy('user.email')
      .execute();
    // Bob is Acme's oldest org:admin: its owner.
    expect(members).toEqual([
      { slug: 'acme', email: 'alice@example.com', role: 'admin' },
      { slug: 'acme', email: 'bob@example.com', role: 'owner' },
      { slug: 'acme', email: 'carol@example.com', role: 'member' },
      { slug: 'globex', email: 'carol@example.com', role: 'member' },
    ]);
    const before = await snapshotDatabase(database);
    expect(await clerk(fixture('clerk.json'), 'clerk.json')).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 3,
    });
    expect(await snapshotDatabase(database)).toBe(before);
  });

  it('the dashboard CSV: primary or first verified address, names, passwords, one warning for TOTP secrets', async () => {
    const summary = await clerk(fixture('clerk-users.csv'), 'clerk-users.csv');
    expect(summary).toMatchObject({
      ok: true,
      created: 3,
      accounts: { credential: 2, social: 0 },
      errors: [],
    });
    expect(summary.warnings.map((warning) => warning.message)).toEqual([
      'totp_secret is not imported: two-factor stays off until the user enrols again',
    ]);
    expect((await users()).map(({ email, name, emailVerified }) => ({ email, name, emailVerified }))).toEqual(
      [
        { email: 'alice@example.com', name: 'Alice Archer', emailVerified: true },
        { email: 'bob@example.com', name: 'bobby', emailVerified: false },
        { email: 'carol@example.com', name: 'Carol', emailVerified: true },
      ],
    );
  });

  it('a membership of a user not in the file is an error, and nothing is imported', async () => {
    const document = JSON.parse(fixture('clerk.json'));
    document.organization_memberships.push({
      role: 'org:member',
      organization: { id: 'org_acme' },
      public_user_data: { user_id: 'user_nobody' },
    });
    const summary = await clerk(JSON.stringify(document), 'clerk.json');
    expect(summary.ok).toBe(false);
    expect(summary.errors.map((error) => error.message)).toEqual([
      'organization membership 5: no organization id, or no user user_nobody in the file',
    ]);
    expect(await users()).toEqual([]);
  });

  it('a file that is not JSON says where it breaks', async () => {
    const summary = await clerk('{"users": [{"id": "user_1",}]}', 'clerk.json');
    expect(summary.errors).toEqual([
      { record: null, line: null, id: null, email: null, message: 'not valid JSON at line 1 column 28' },
    ]);
  });
});
