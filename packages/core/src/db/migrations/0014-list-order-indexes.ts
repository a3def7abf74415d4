import type { Kysely } from 'kysely';

/**
 * Lists read oldest first within one owner: an organization's members, invitations and teams, a
 * user's sessions. With an index on the owner alone, each such read sorted its rows in a temporary
 * B-tree, which costs more than the read itself on a small list and grows with a large one (a
 * 1,000-member organization, bench/README.md). With the owner and the creation time together the
 * rows come out in order. `ifNotExists`, so a database adopted from Better Auth gains them too.
 */
export function listOrderIndexes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const indexes: [name: string, table: string, columns: string[]][] = [
        ['member_organizationId_createdAt_idx', 'member', ['organizationId', 'createdAt']],
        ['invitation_organizationId_createdAt_idx', 'invitation', ['organizationId', 'createdAt']],
        ['team_organizationId_createdAt_idx', 'team', ['organizationId', 'createdAt']],
        ['session_userId_createdAt_idx', 'session', ['userId', 'createdAt']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
      }
    },
  };
}
