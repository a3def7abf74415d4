import {
  emptyRecord,
  type ImportedOrganization,
  type ImportedRole,
  type ImportRecord,
  type SourceResult,
  type UnreadableRecord,
} from '../import-record.ts';
import { namedRows } from './csv-rows.ts';
import { booleanCell, timeValue } from './source-values.ts';

const COLUMNS = [
  'email',
  'email_verified',
  'name',
  'image',
  'password_hash',
  'password_hasher',
  'created_at',
  'providers',
  'organizations',
] as const;

const ROLES: readonly string[] = ['owner', 'admin', 'member'] satisfies ImportedRole[];

/** `a:1 b:2;c:3` → its `name:value` pairs, or the first entry that is not one. */
function pairs(cell: string): { ok: true; pairs: [string, string][] } | { ok: false; entry: string } {
  const found: [string, string][] = [];
  for (const entry of cell.split(/[\s;]+/)) {
    if (entry === '') continue;
    const colon = entry.indexOf(':');
    if (colon <= 0 || colon === entry.length - 1) return { ok: false, entry };
    found.push([entry.slice(0, colon), entry.slice(colon + 1)]);
  }
  return { ok: true, pairs: found };
}

/** The generic CSV (docs/protocol/import.md#56-generic-csv-decision); also what `gatehouse export --to csv` writes. */
export function readGenericCsv(content: string): SourceResult {
  const { rows, errors, warnings } = namedRows(content, COLUMNS, ['email']);
  const organizations = new Map<string, ImportedOrganization>();
  const records = rows.map((row): ImportRecord | UnreadableRecord => {
    const place = { record: row.record, line: row.line, id: null, email: row.cell('email').trim() || null };
    if (row.error) return { ...place, unreadable: row.error };
    const record = emptyRecord(place);
    const verified = booleanCell(row.cell('email_verified'));
    if (verified === undefined) record.problems.push('email_verified must be true, false, 1, 0 or empty');
    record.emailVerified = verified === true;
    record.name = row.cell('name').trim() || null;
    record.image = row.cell('image').trim() || null;
    const createdAt = timeValue(row.cell('created_at').trim());
    if (createdAt === undefined) record.problems.push('created_at must be ISO 8601 or epoch milliseconds');
    record.createdAt = createdAt ?? null;
    const hash = row.cell('password_hash');
    const hasher = row.cell('password_hasher').trim();
    if (hash !== '') record.password = hasher === '' ? { value: hash } : { value: hash, hasher };
    const providers = pairs(row.cell('providers'));
    if (providers.ok)
      record.accounts = providers.pairs.map(([providerId, accountId]) => ({ providerId, accountId }));
    else record.problems.push(`providers entry ${providers.entry} is not provider:accountId`);
    const memberships = pairs(row.cell('organizations'));
    if (!memberships.ok) record.problems.push(`organizations entry ${memberships.entry} is not slug:role`);
    for (const [slug, role] of memberships.ok ? memberships.pairs : []) {
      if (!ROLES.includes(role)) {
        record.problems.push(`organization role ${role} is not owner, admin or member`);
        continue;
      }
      // Named by slug only: the organization is created with the slug as its name when missing.
      if (!organizations.has(slug))
        organizations.set(slug, { key: slug, name: slug, slug, logo: null, createdAt: null });
      record.memberships.push({ organization: slug, role: role as ImportedRole });
    }
    return record;
  });
  return { records, organizations: [...organizations.values()], errors, warnings };
}
