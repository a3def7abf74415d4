import type { AuthDatabase, Schema } from '../db/schema.ts';

/**
 * Every table the migrations create, except `rateLimit`: its counters move on every request by
 * design (docs/protocol/core.md#rate-limiting counts refused and unknown requests too), so a refused request
 * legitimately changes them; they are bookkeeping, not state a refusal could corrupt.
 */
const SNAPSHOT_TABLES = [
  'user',
  'session',
  'account',
  'verification',
  'jwks',
  'organization',
  'member',
  'invitation',
  'team',
  'teamMember',
  'organizationRole',
  'passkey',
  'apikey',
] as const satisfies readonly (keyof Schema)[];

/** Every row of every table (ordered by id), as text: equal snapshots mean nothing was written. */
export async function snapshotDatabase(database: AuthDatabase): Promise<string> {
  const rows = await Promise.all(
    SNAPSHOT_TABLES.map((table) => database.db.selectFrom(table).selectAll().orderBy('id').execute()),
  );
  return JSON.stringify(Object.fromEntries(SNAPSHOT_TABLES.map((table, i) => [table, rows[i]])));
}
