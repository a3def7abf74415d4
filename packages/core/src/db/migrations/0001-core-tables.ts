import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../schema.ts';

/**
 * The four core tables with Better Auth's default names, columns and indexes. Everything is
 * `if not exists`, so pointing Gatehouse at an existing Better Auth database adopts its tables.
 */
export function coreTables(dialect: Dialect) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  const boolean = dialect === 'postgres' ? 'boolean' : 'integer';
  const now = sql`CURRENT_TIMESTAMP`;
  // SQLite would store CURRENT_TIMESTAMP as 'YYYY-MM-DD HH:MM:SS', which breaks the string
  // comparison of ISO dates; the engine always writes these columns itself there.
  const withDefault = dialect === 'postgres';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('user')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', boolean, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', date, (c) => (withDefault ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', date, (c) => (withDefault ? c.notNull().defaultTo(now) : c.notNull()))
        .execute();

      await db.schema
        .createTable('session')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', date, (c) => (withDefault ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', date, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createIndex('session_userId_idx')
        .ifNotExists()
        .on('session')
        .column('userId')
        .execute();

      await db.schema
        .createTable('account')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', date)
        .addColumn('refreshTokenExpiresAt', date)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', date, (c) => (withDefault ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_userId_idx')
        .ifNotExists()
        .on('account')
        .column('userId')
        .execute();

      await db.schema
        .createTable('verification')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('createdAt', date, (c) => (withDefault ? c.notNull().defaultTo(now) : c.notNull()))
        .addColumn('updatedAt', date, (c) => (withDefault ? c.notNull().defaultTo(now) : c.notNull()))
        .execute();
      await db.schema
        .createIndex('verification_identifier_idx')
        .ifNotExists()
        .on('verification')
        .column('identifier')
        .execute();
    },
  };
}
