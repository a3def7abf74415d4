import type { Insertable } from 'kysely';
import type { Executor } from '../../../db/executor.ts';
import { hotRead, type ReadOn } from '../../../db/hot-read.ts';
import type { OrganizationRoleTable } from '../organization-tables.ts';

/** Custom roles stored per organization (docs/protocol/organization.md#tables). */
export type RoleRow = Awaited<ReturnType<typeof listRolesOfOrganization>>[number];

// Every permission check reads them: batched per turn on PostgreSQL.
const rolesOf = hotRead((db, v: { organizationId: string }) =>
  db
    .selectFrom('organizationRole')
    .selectAll()
    .where('organizationId', '=', v.organizationId)
    .orderBy('createdAt'),
).batchedBy({ organizationId: 'organizationId' });

/** An organization's stored roles, oldest first. */
export function listRolesOfOrganization(on: ReadOn, organizationId: string) {
  return rolesOf.all(on, { organizationId });
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
