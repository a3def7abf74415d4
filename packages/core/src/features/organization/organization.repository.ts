import type { Insertable, Transaction } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { hotRead, type ReadOn } from '../../db/hot-read.ts';
import { rowLimit } from '../../db/row-limit.ts';
import type { Schema } from '../../db/schema.ts';
import type { OrganizationTable } from './organization-tables.ts';

/** Organizations (docs/protocol/organization.md#tables). */
export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof findOrganizationById>>>;

// Every organization route reads its organization by id: batched per turn on PostgreSQL.
const byId = hotRead((db, v: { id: string }) =>
  db.selectFrom('organization').selectAll().where('id', '=', v.id),
).batchedBy({ id: 'id' });
const bySlug = hotRead((db, v: { slug: string }) =>
  db.selectFrom('organization').selectAll().where('slug', '=', v.slug),
);

export function findOrganizationById(on: ReadOn, id: string) {
  return byId.first(on, { id });
}

export function findOrganizationBySlug(on: ReadOn, slug: string) {
  return bySlug.first(on, { slug });
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
