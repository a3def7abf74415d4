import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL schema of its own in the test database, for product processes: `url` selects it
 * (through `search_path`), `query` reads it directly, `drop()` removes it.
 */
export async function createTestSchema(databaseURL: string) {
  const name = `gatehouse_fault_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseURL });
  await admin.connect();
  await admin.query(`create schema "${name}"`);
  const url = new URL(databaseURL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    name,
    url: url.toString(),
    async query<T extends Record<string, unknown>>(sql: string, parameters: unknown[] = []): Promise<T[]> {
      await admin.query(`set search_path to "${name}"`);
      return (await admin.query(sql, parameters)).rows as T[];
    },
    async drop() {
      await admin.query(`drop schema "${name}" cascade`);
      await admin.end();
    },
  };
}

export type TestSchema = Awaited<ReturnType<typeof createTestSchema>>;

/**
 * Rows that only make sense together and must never be found apart: a user without their
 * password account (or the reverse), an organization without a member, a member of no
 * organization. Each count must be 0.
 */
export async function halfWrittenRows(schema: TestSchema): Promise<Record<string, number>> {
  const count = async (sql: string) => Number((await schema.query<{ n: number }>(sql))[0]?.n ?? -1);
  return {
    usersWithoutAccount: await count(
      'select count(*)::int as n from "user" u where not exists (select 1 from account a where a."userId" = u.id)',
    ),
    accountsWithoutUser: await count(
      'select count(*)::int as n from account a where not exists (select 1 from "user" u where u.id = a."userId")',
    ),
    organizationsWithoutMember: await count(
      'select count(*)::int as n from organization o where not exists (select 1 from member m where m."organizationId" = o.id)',
    ),
    membersWithoutOrganization: await count(
      'select count(*)::int as n from member m where not exists (select 1 from organization o where o.id = m."organizationId")',
    ),
  };
}

/** Which of the given emails / slugs have no row: acknowledged writes that were lost. */
export async function missingRows(
  schema: TestSchema,
  acknowledged: { users: string[]; organizations: string[] },
): Promise<string[]> {
  const users = await schema.query<{ email: string }>('select email from "user" where email = any($1)', [
    acknowledged.users,
  ]);
  const organizations = await schema.query<{ slug: string }>(
    'select slug from organization where slug = any($1)',
    [acknowledged.organizations],
  );
  const found = new Set([...users.map((row) => row.email), ...organizations.map((row) => row.slug)]);
  return [...acknowledged.users, ...acknowledged.organizations].filter((key) => !found.has(key));
}
