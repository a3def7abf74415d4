import type { Expression, Insertable, Kysely, Transaction } from 'kysely';
import { batchedPerKey } from '../../db/batched-per-key.ts';
import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared-query.ts';
import { rowLimit } from '../../db/row-limit.ts';
import type { AuthDatabase, Schema } from '../../db/schema.ts';
import type { OrganizationTable } from './organization-tables.ts';

/** Organizations (docs/protocol/organization.md#tables). */
export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof findOrganizationById>>>;

const organizationWithId = (db: Kysely<Schema>, id: string | Expression<string>) =>
  db.selectFrom('organization').selectAll().where('id', '=', id);
const byId = prepared((db, v: { id: string }) => organizationWithId(db, v.id));
const bySlug = prepared((db, v: { slug: string }) =>
  db.selectFrom('organization').selectAll().where('slug', '=', v.slug),
);

export function findOrganizationById(db: Executor, id: string) {
  return byId(db, { id }).executeTakeFirst();
}

/** `findOrganizationById` for reads outside a transaction; batched per turn on PostgreSQL. */
export function organizationByIdQuery(
  database: AuthDatabase,
): (id: string) => Promise<OrganizationRow | undefined> {
  const read = batchedPerKey<OrganizationRow>(
    database,
    (key) => organizationWithId(database.db, key),
    'id',
    async (id) => [await findOrganizationById(database.db, id)].filter((row) => row !== undefined),
  );
  return async (id) => (await read(id))[0];
}

export function findOrganizationBySlug(db: Executor, slug: string) {
  return bySlug(db, { slug }).executeTakeFirst();
}

export function insertOrganization(db: Executor, row: Insertable<OrganizationTable>) {
  return db.insertInto('organization').values(row).execute();
}

export function updateOrganizationRow(
  db: Executor,
  id: string,
  changes: {
    name?: string;
    slug?: string;
    logo?: string | null;
    metadata?: string | null;
    requireTwoFactor?: number;
  },
) {
  return db.updateTable('organization').set(changes).where('id', '=', id).execute();
}

/** The organizations a user belongs to, at most 100 (the peer's storage default). */
export function listOrganizationsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('organization')
    .selectAll('organization')
    .where(
      'organization.id',
      'in',
      db.selectFrom('member').select('organizationId').where('userId', '=', userId),
    )
    .orderBy('organization.createdAt')
    .limit(rowLimit(100))
    .execute();
}

/**
 * Deletes an organization and everything it owns explicitly, so the result never depends on
 * foreign-key cascades being on (adopted databases may lack them).
 */
export async function deleteOrganizationCascade(trx: Transaction<Schema>, id: string): Promise<void> {
  const teams = trx.selectFrom('team').select('id').where('organizationId', '=', id);
  await trx.deleteFrom('teamMember').where('teamId', 'in', teams).execute();
  await trx.deleteFrom('team').where('organizationId', '=', id).execute();
  await trx.deleteFrom('organizationRole').where('organizationId', '=', id).execute();
  await trx.deleteFrom('invitation').where('organizationId', '=', id).execute();
  await trx.deleteFrom('member').where('organizationId', '=', id).execute();
  await trx.deleteFrom('organization').where('id', '=', id).execute();
}
