import type { Kysely } from 'kysely';
import { generateId } from '../../crypto/random.ts';
import type { Schema } from '../../db/schema.ts';
import { insertRows, organizationIdsBySlug } from './import.repository.ts';
import type { ImportedOrganization } from './import-record.ts';

/**
 * The file's organizations, matched by slug: one that exists is reused as it is, never renamed,
 * the others created (docs/protocol/import.md#6-organizations-and-memberships-decision). A dry run
 * creates nothing: its new organizations have no id yet.
 */
export async function ensureOrganizations(
  db: Kysely<Schema>,
  organizations: ImportedOrganization[],
  { now, write }: { now: string; write: boolean },
): Promise<{ ids: Map<string, string | null>; created: number }> {
  const existing = await organizationIdsBySlug(
    db,
    organizations.map((organization) => organization.slug),
  );
  const ids = new Map<string, string | null>();
  const rows: Record<string, unknown>[] = [];
  for (const organization of organizations) {
    const id = existing.get(organization.slug) ?? (write ? generateId() : null);
    ids.set(organization.key, id);
    if (existing.has(organization.slug)) continue;
    rows.push({
      id,
      name: organization.name,
      slug: organization.slug,
      logo: organization.logo,
      createdAt: organization.createdAt?.toISOString() ?? now,
      metadata: null,
    });
  }
  if (write) await insertRows(db, 'organization', rows);
  return { ids, created: rows.length };
}
