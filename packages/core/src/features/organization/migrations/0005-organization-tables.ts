import type { Kysely } from 'kysely';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';

/**
 * The organization feature's tables and session columns, named as Better Auth's organization
 * plugin names them (docs/protocol/organization.md#tables), created whether or not the feature is on so
 * that turning it on later needs no migration. Tables and columns already present (an adopted
 * Better Auth database) are kept; missing optional columns are added.
 */
export function organizationTables(dialect: Dialect) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  const optional: [table: string, column: string, type: string][] = [
    ['session', 'activeOrganizationId', 'text'],
    ['session', 'activeTeamId', 'text'],
    ['invitation', 'teamId', 'text'],
    ['team', 'memberCount', 'integer'],
    ['teamMember', 'membershipKey', 'text'],
  ];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('organization')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('logo', 'text')
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('metadata', 'text')
        .execute();
      await db.schema
        .createTable('member')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('organizationId', 'text', (c) =>
          c.notNull().references('organization.id').onDelete('cascade'),
        )
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
        .addColumn('createdAt', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('invitation')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('organizationId', 'text', (c) =>
          c.notNull().references('organization.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text')
        .addColumn('teamId', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('inviterId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createTable('team')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('memberCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('organizationId', 'text', (c) =>
          c.notNull().references('organization.id').onDelete('cascade'),
        )
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date)
        .execute();
      await db.schema
        .createTable('teamMember')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('teamId', 'text', (c) => c.notNull().references('team.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('membershipKey', 'text', (c) => c.unique())
        .addColumn('createdAt', date)
        .execute();
      await db.schema
        .createTable('organizationRole')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('organizationId', 'text', (c) =>
          c.notNull().references('organization.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('permission', 'text', (c) => c.notNull())
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date)
        .execute();

      for (const [table, column, type] of optional) {
        const exists = (await existingColumns(db, dialect, table)).has(column);
        if (!exists)
          await db.schema
            .alterTable(table)
            .addColumn(column, type as 'text')
            .execute();
      }
      // The lookups the feature makes: members by user and by organization, invitations by
      // organization and by email, teams and roles by organization, team members by team and user.
      const indexes: [name: string, table: string, columns: string[]][] = [
        ['member_organizationId_idx', 'member', ['organizationId']],
        ['member_userId_idx', 'member', ['userId']],
        ['invitation_organizationId_idx', 'invitation', ['organizationId']],
        ['invitation_email_idx', 'invitation', ['email']],
        ['team_organizationId_idx', 'team', ['organizationId']],
        ['teamMember_teamId_idx', 'teamMember', ['teamId']],
        ['teamMember_userId_idx', 'teamMember', ['userId']],
        ['organizationRole_organizationId_idx', 'organizationRole', ['organizationId']],
        ['organizationRole_role_idx', 'organizationRole', ['role']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
      }
    },
  };
}
