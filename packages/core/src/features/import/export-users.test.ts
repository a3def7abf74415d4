import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../db/migrate.ts';
import { type AuthDatabase, toIsoText } from '../../db/schema.ts';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { openTestDatabase, testDialects } from '../../testing/test-database.ts';
import { exportUsers } from './export-users.ts';
import { importUsers } from './run-import.ts';

const USERS_CSV = readFileSync(join(import.meta.dirname, 'fixtures', 'users.csv'), 'utf8');
const NOW = Date.parse('2026-06-01T00:00:00.000Z');

/** What a user is, without the ids a database gives: for comparing two databases. */
async function people(database: AuthDatabase) {
  const users = (await database.db.selectFrom('user').selectAll().orderBy('email').execute()) as Record<
    string,
    unknown
  >[];
  const accounts = await database.db
    .selectFrom('account')
    .innerJoin('user', 'user.id', 'account.userId')
    .select(['user.email', 'account.providerId', 'account.accountId', 'account.userId', 'account.password'])
    .orderBy('user.email')
    .orderBy('account.providerId')
    .execute();
  const members = await database.db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .select(['user.email', 'organization.slug', 'member.role'])
    .orderBy('user.email')
    .orderBy('organization.slug')
    .execute();
  return {
    users: users.map((u) => [
      u.email,
      u.name,
      Boolean(u.emailVerified),
      u.image,
      toIsoText(u.createdAt as string),
    ]),
    accounts: accounts.map((a) => [
      a.email,
      a.providerId,
      a.accountId === a.userId ? '(user id)' : a.accountId,
      a.password,
    ]),
    members: members.map((m) => [m.email, m.slug, m.role]),
  };
}

describe.each(testDialects())('gatehouse export (%s)', (dialect) => {
  let database: AuthDatabase;
  let other: AuthDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    other = await openTestDatabase(dialect);
    await migrateDatabase(database);
    await migrateDatabase(other);
    await importUsers(database, { format: 'csv', file: 'users.csv', content: USERS_CSV, now: () => NOW });
  });
  afterEach(async () => {
    await database.close();
    await other.close();
  });

  it('the CSV export imports into another Gatehouse as the same users, and into this one changes nothing', async () => {
    const exported = await exportUsers(database, 'csv');
    expect(exported).toMatchObject({
      users: 4,
      passwords: { bcrypt: 2, better_auth_scrypt: 1 },
      warnings: [],
    });
    expect(exported.content.split('\n')[0]).toBe(
      'email,email_verified,name,image,password_hash,password_hasher,created_at,providers,organizations',
    );
    const before = await snapshotDatabase(database);
    const back = await importUsers(database, {
      format: 'csv',
      file: 'export.csv',
      content: exported.content,
    });
    expect(back).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 4 });
    expect(await snapshotDatabase(database)).toBe(before);
    const elsewhere = await importUsers(other, {
      format: 'csv',
      file: 'export.csv',
      content: exported.content,
    });
    expect(elsewhere).toMatchObject({ ok: true, created: 4 });
    expect(await people(other)).toEqual(await people(database));
  });

  it('the Auth0 export: bcrypt as password_hash, Better Auth scrypt as custom_password_hash, warnings counted', async () => {
    const exported = await exportUsers(database, 'auth0');
    const users = JSON.parse(exported.content) as Record<string, unknown>[];
    // Oldest first; carol and frank were created in the same millisecond.
    expect(users.slice(0, 2).map((user) => user.email)).toEqual(['bob@example.com', 'alice@example.com']);
    expect(
      users
        .slice(2)
        .map((user) => user.email)
        .sort(),
    ).toEqual(['carol@example.com', 'frank@example.com']);
    const frank = users.find((user) => user.email === 'frank@example.com');
    expect(frank).toEqual({
      user_id: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      email: 'frank@example.com',
      email_verified: false,
      name: 'Frank "the tank" Fuller',
      blocked: false,
      custom_password_hash: {
        algorithm: 'scrypt',
        hash: {
          value:
            'fed363516865b0744100ee8d5975294a3c32af70b82333a29bf6becdbd73d7c45eba178e3508346851abe47de80bdf714d54a825308cead45901d84ea2251c93',
          encoding: 'hex',
        },
        salt: { value: '3bf119b97837199f23450f01256486a3', encoding: 'utf8' },
        keylen: 64,
        cost: 16384,
        blockSize: 16,
        parallelization: 1,
      },
    });
    expect(users.find((user) => user.email === 'alice@example.com')).toMatchObject({
      picture: 'https://images.example.com/alice.png',
      password_hash: '$2b$10$./c3C1NEqLNxxyAu2QifB.35czmm62qoc6G55OtkDOEqYlzl4BzJG',
    });
    expect(exported.warnings.map((warning) => warning.message)).toEqual([
      "3 social accounts are not in Auth0's bulk import schema: not exported",
      '1 users have Better Auth scrypt passwords: Auth0 does not NFKC-normalise, so such a password that NFKC changes (non-ASCII) will not verify there',
    ]);
  });
});
