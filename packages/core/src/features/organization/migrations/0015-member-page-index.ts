import type { Kysely } from 'kysely';

/**
 * An organization's member list is paged oldest first with the member's id as the tie-break
 * (`listMembersPage`, so members added in the same millisecond keep one order across pages). The
 * index of 0014 ends at the creation time, so SQLite still sorted every member of the organization
 * in a temporary B-tree before it could take a page: most of the read for a 1,000-member
 * organization whose members were imported together (bench/README.md, `--seed`). With the id in
 * the index the page is read in order and stops after `limit` rows. It replaces 0014's member
 * index, of which it is an extension. `ifNotExists`, so a database adopted from Better Auth gains it.
 */
export function memberPageIndex() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('member_organizationId_createdAt_id_idx')
        .ifNotExists()
        .on('member')
        .columns(['organizationId', 'createdAt', 'id'])
        .execute();
      await db.schema.dropIndex('member_organizationId_createdAt_idx').ifExists().execute();
    },
  };
}
