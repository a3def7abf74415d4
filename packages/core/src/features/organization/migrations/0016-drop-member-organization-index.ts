import type { Kysely } from 'kysely';

/**
 * Drops the index on the member's organization alone (0005, and in a database adopted from Better
 * Auth). 0015's index begins with the same column, so it serves every read by organization as well
 * (the count of `list-members` reads it alone, without the table), and it holds the members in page
 * order. While both existed, PostgreSQL planned get-full-organization's batched read of first
 * members (member.repository.ts) for the average organization of five: it read every member of the
 * organization by the narrow index and sorted them, which for a 1,000-member organization took
 * 4.7 ms of 8.7 ms for a batch of twenty (`EXPLAIN ANALYZE` on the `--seed` bench database,
 * bench/README.md). With the ordered index alone the same batch took 0.6 ms.
 */
export function dropMemberOrganizationIndex() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('member_organizationId_idx').ifExists().execute();
    },
  };
}
