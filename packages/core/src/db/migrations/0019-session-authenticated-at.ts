import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';
import { existingColumns } from './existing-columns.ts';

/**
 * `session.authenticatedAt`: when the person last proved who they are on this session (a sign-in,
 * a second factor, a re-authentication), which a refresh never moves; the "recent" requirement
 * counts from it (`session/recent-authentication.ts`). Gatehouse only and nullable: Better Auth,
 * serving the database again, ignores it, and its rows (null) count from their creation.
 */
export function sessionAuthenticatedAt(dialect: Dialect) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if ((await existingColumns(db, dialect, 'session')).has('authenticatedAt')) return;
      await db.schema
        .alterTable('session')
        .addColumn('authenticatedAt', date as 'text')
        .execute();
    },
  };
}
