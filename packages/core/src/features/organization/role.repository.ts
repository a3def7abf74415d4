import { type Insertable, type SqlBool, sql } from 'kysely';
import { batchedGroupLookup } from '../../db/batched-lookup.ts';
import type { Executor } from '../../db/executor.ts';
import type { AuthDatabase, OrganizationRoleTable } from '../../db/schema.ts';

/** Custom roles stored per organization (docs/protocol/organization.md#tables). */
export type RoleRow = Awaited<ReturnType<typeof listRolesOfOrganization>>[number];

export function listRolesOfOrganization(db: Executor, organizationId: string) {
  return db
    .selectFrom('organizationRole')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt')
    .execute();
}

/**
 * `listRolesOfOrganization` for permission checks. On PostgreSQL the reads of one turn of the
 * event loop share one query (db/batched-lookup.ts).
 */
export function rolesOfOrganizationQuery(
  database: AuthDatabase,
): (organizationId: string) => Promise<RoleRow[]> {
  if (database.dialect !== 'postgres')
    return (organizationId) => listRolesOfOrganization(database.db, organizationId);
  const { sql: text } = database.db
    .selectFrom('organizationRole')
    .selectAll()
    .where(sql<SqlBool>`${sql.ref('organizationId')} = any(${sql.val([])}::text[])`)
    .orderBy('createdAt')
    .compile();
  return batchedGroupLookup(
    async (organizationIds) => (await database.selectAll(text, [organizationIds])) as RoleRow[],
    (row) => row.organizationId,
  );
}

/**
 * By exact name or by id (lookups by name are not lower-cased, docs/protocol/organization.md#custom-roles).
 */
export function findRole(db: Executor, organizationId: string, by: { roleName?: string; roleId?: string }) {
  let query = db.selectFrom('organizationRole').selectAll().where('organizationId', '=', organizationId);
  query =
    by.roleId !== undefined ? query.where('id', '=', by.roleId) : query.where('role', '=', by.roleName ?? '');
  return query.executeTakeFirst();
}

export async function countRoles(db: Executor, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('organizationRole')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertRole(db: Executor, row: Insertable<OrganizationRoleTable>) {
  return db.insertInto('organizationRole').values(row).execute();
}

export function updateRoleRow(
  db: Executor,
  id: string,
  changes: { role?: string; permission?: string; updatedAt: string },
) {
  return db.updateTable('organizationRole').set(changes).where('id', '=', id).execute();
}

export function deleteRoleRow(db: Executor, id: string) {
  return db.deleteFrom('organizationRole').where('id', '=', id).execute();
}
