// `--seed`: grows a server's database before measuring, so the report shows how each figure moves
// with the data. Rows are cloned in bulk from the bench user's own rows (one INSERT … SELECT per table
// over a generated series), so they carry exactly the formats each server wrote itself — dates,
// booleans and the columns only one of the two schemas has.
import { connectDatabase, dropValueSamples, mergeSearchIndex } from '@gatehouse/core';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { BenchDatabase } from './databases.ts';
import {
  type Cookie,
  cookieHeader,
  expectStatus,
  type PreparedUser,
  postJson,
  prepareUsers,
} from './prepare.ts';

export const SEED = {
  users: 100_000,
  sessions: 1_000_000,
  organizations: 10_000,
  membersPerOrganization: 5,
  invitationsPerOrganization: 2,
  /** The bench user's organization grows to this many members (owner included). */
  bigOrganizationMembers: 1_000,
} as const;

export interface SeedFacts {
  /** A search that matches a handful of the seeded users' addresses. */
  userSearch: string;
}

interface Runner {
  /** Copies the template row `count` times, columns in `exprs` computed from n = 1..count. */
  clone(
    table: string,
    count: number,
    exprs: Record<string, string>,
    where: string,
    templateId: string,
  ): Promise<void>;
  exec(sql: string, params: unknown[]): Promise<void>;
  hasTable(table: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Fills a running server's database around `user`. The seed clones invitations from a real one, so
 * the server writes its own format of one first.
 */
export async function seedAround(
  baseUrl: string,
  database: BenchDatabase,
  user: PreparedUser,
  cookies: Cookie[],
): Promise<SeedFacts> {
  const response = await postJson(
    baseUrl,
    '/api/auth/organization/invite-member',
    { email: 'seed-template-invitee@example.com', role: 'member', organizationId: user.organizationId },
    cookieHeader(cookies),
  );
  const invitation = JSON.parse(await expectStatus(response, 200, 'invite-member')) as { id?: unknown };
  if (typeof invitation.id !== 'string') throw new Error('invite-member answered no id');
  return seedDatabase(database, user, invitation.id);
}

/** Fills the database around `user` (its organization becomes the big one); the user becomes an admin. */
export async function seedDatabase(
  database: BenchDatabase,
  user: PreparedUser,
  invitationId: string,
): Promise<SeedFacts> {
  const run = database.kind === 'postgres' ? await postgresRunner(database.url) : sqliteRunner(database.url);
  try {
    const perOrgMembers = SEED.membersPerOrganization;
    const perOrgInvitations = SEED.invitationsPerOrganization;
    await run.clone(
      'user',
      SEED.users,
      { id: `'seed-user-' || n`, email: `'seed-user-' || n || '@example.com'`, name: `'Seed User ' || n` },
      'id',
      user.id,
    );
    await run.clone(
      'session',
      SEED.sessions,
      {
        id: `'seed-session-' || n`,
        token: `'seed-token-' || n`,
        userId: `'seed-user-' || (1 + n % ${SEED.users})`,
        activeOrganizationId: 'NULL',
      },
      'userId',
      user.id,
    );
    await run.clone(
      'organization',
      SEED.organizations,
      { id: `'seed-org-' || n`, slug: `'seed-org-' || n`, name: `'Seed Organization ' || n` },
      'id',
      user.organizationId,
    );
    await run.clone(
      'member',
      SEED.organizations * perOrgMembers,
      {
        id: `'seed-member-' || n`,
        organizationId: `'seed-org-' || (1 + (n - 1) / ${perOrgMembers})`,
        userId: `'seed-user-' || (1 + n % ${SEED.users})`,
        role: `'member'`,
      },
      'organizationId',
      user.organizationId,
    );
    await run.clone(
      'member',
      SEED.bigOrganizationMembers - 1,
      { id: `'seed-big-member-' || n`, userId: `'seed-user-' || n`, role: `'member'` },
      'organizationId',
      user.organizationId,
    );
    await run.clone(
      'invitation',
      SEED.organizations * perOrgInvitations,
      {
        id: `'seed-invitation-' || n`,
        organizationId: `'seed-org-' || (1 + (n - 1) / ${perOrgInvitations})`,
        email: `'seed-invitee-' || n || '@example.com'`,
      },
      'id',
      invitationId,
    );
    await run.exec(`UPDATE "user" SET "role" = 'admin' WHERE "id" = ${placeholder(database)}`, [user.id]);
    // Statistics, and on PostgreSQL the indexes' pending entries merged, as a long-running database
    // would have them after autovacuum (which a bulk insert triggers a minute later), for both
    // servers alike. SQLite has no such step: its VACUUM only rewrites the file.
    await run.exec(database.kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE', []);
    // The bulk insert's dirty pages written back now, as PostgreSQL's checkpointer does within
    // checkpoint_timeout (5 min) anyway: otherwise it writes them while the seeded rounds run and
    // takes the machine from whichever scenario it lands in, cache-only ones included.
    if (database.kind === 'postgres') await run.exec('CHECKPOINT', []);
    // The SQLite counterpart for Gatehouse: its own upkeep merges the user search index the bulk
    // insert left in segments, and drops the value samples ANALYZE kept, within a minute
    // (packages/core/src/db/search-index-upkeep.ts, value-samples.ts); here at once, with the same
    // code, before the server's connection loads the new statistics. The peer keeps its samples, as
    // its database would after an operator's ANALYZE; it has no search index.
    if (database.kind === 'sqlite' && (await run.hasTable('user_search'))) {
      const gatehouse = connectDatabase(database.url);
      await mergeSearchIndex(gatehouse)
        .then(() => dropValueSamples(gatehouse))
        .finally(() => gatehouse.close());
    }
    return { userSearch: 'seed-user-4242' };
  } finally {
    await run.close();
  }
}

/**
 * Turns the bench users' API keys' own rate limit off (docs/protocol/api-key.md#per-key-rate-limit), as
 * an operator does with the server-only `rateLimitEnabled`: neither server lets a client set it, and
 * Gatehouse has no setting for a default without one. The peer's plugin defaults to off as well
 * (bench/peer/better-auth-server.ts); this makes both alike whatever their defaults.
 */
export async function disableKeyRateLimits(database: BenchDatabase): Promise<void> {
  const run = database.kind === 'postgres' ? await postgresRunner(database.url) : sqliteRunner(database.url);
  try {
    await run.exec(
      `UPDATE "apikey" SET "rateLimitEnabled" = ${database.kind === 'postgres' ? 'FALSE' : '0'}`,
      [],
    );
  } finally {
    await run.close();
  }
}

/** Gives a user the admin role in the database, as the seed does for its user (bench/webhooks.ts). */
export async function makeAdmin(database: BenchDatabase, userId: string): Promise<void> {
  const run = database.kind === 'postgres' ? await postgresRunner(database.url) : sqliteRunner(database.url);
  try {
    await run.exec(`UPDATE "user" SET "role" = 'admin' WHERE "id" = ${placeholder(database)}`, [userId]);
  } finally {
    await run.close();
  }
}

/**
 * The bench users, made on a server over `database`, with their keys' own rate limit off: every tool
 * that sends their keys (the run, bench:cost, bench:profile, bench:gc) measures answered uses, not 429s.
 */
export async function prepareKeyedUsers(
  baseUrl: string,
  database: BenchDatabase,
  count: number,
): Promise<PreparedUser[]> {
  const users = await prepareUsers(baseUrl, count);
  await disableKeyRateLimits(database);
  return users;
}

const placeholder = (database: BenchDatabase): string => (database.kind === 'postgres' ? '$1' : '?');

function cloneSql(
  table: string,
  columns: string[],
  exprs: Record<string, string>,
  where: string,
  param: string,
): string {
  const select = columns.map((column) => exprs[column] ?? `t."${column}"`).join(', ');
  const names = columns.map((column) => `"${column}"`).join(', ');
  // The template is one row: LIMIT keeps a table with several (member, by organization) to one copy each.
  return `INSERT INTO "${table}" (${names}) SELECT ${select} FROM (SELECT * FROM "${table}" WHERE "${where}" = ${param} LIMIT 1) t, series`;
}

async function postgresRunner(url: string): Promise<Runner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const columns = async (table: string) =>
    (
      await client.query<{ column_name: string }>(
        'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position',
        [table],
      )
    ).rows.map((row) => row.column_name);
  return {
    async clone(table, count, exprs, where, templateId) {
      const sql = cloneSql(table, await columns(table), exprs, where, '$1');
      await client.query(`WITH series AS (SELECT generate_series(1, ${count}) AS n) ${sql}`, [templateId]);
    },
    async exec(sql, params) {
      await client.query(sql, params);
    },
    hasTable: async (table) => (await columns(table)).length > 0,
    close: () => client.end(),
  };
}

function sqliteRunner(file: string): Runner {
  const db = new Database(file);
  db.pragma('busy_timeout = 30000');
  const columns = async (table: string) =>
    (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((row) => row.name);
  return {
    async clone(table, count, exprs, where, templateId) {
      const sql = cloneSql(table, await columns(table), exprs, where, '?');
      db.prepare(
        `WITH RECURSIVE series(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM series WHERE n < ${count}) ${sql}`,
      ).run(templateId);
    },
    async exec(sql, params) {
      db.prepare(sql).run(...params);
    },
    hasTable: async (table) => (await columns(table)).length > 0,
    async close() {
      db.close();
    },
  };
}
