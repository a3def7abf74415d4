import {
  emptyRecord,
  fileProblem,
  type ImportedOrganization,
  type ImportedRole,
  type ImportProblem,
  type ImportRecord,
  type SourceResult,
  type UnreadableRecord,
} from '../import-record.ts';
import { namedRows } from './csv-rows.ts';
import { fullName, list, object, parseJsonFile, text, timeValue } from './source-values.ts';

/** Clerk's dashboard export (docs/protocol/import.md#52-clerk): a CSV; or the Backend API's objects as JSON. */
export function readClerk(content: string): SourceResult {
  return /^\uFEFF?\s*[[{]/.test(content) ? readClerkJson(content) : readClerkCsv(content);
}

const CSV_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'username',
  'primary_email_address',
  'primary_phone_number',
  'verified_email_addresses',
  'unverified_email_addresses',
  'verified_phone_numbers',
  'unverified_phone_numbers',
  'totp_secret',
  'password_digest',
  'password_hasher',
] as const;

const TOTP_WARNING = 'totp_secret is not imported: two-factor stays off until the user enrols again';

/** A list cell: values separated by `,` (inside quotes) or `|`. */
const listCell = (cell: string): string[] =>
  cell
    .split(/[,|]/)
    .map((value) => value.trim())
    .filter((value) => value !== '');

function readClerkCsv(content: string): SourceResult {
  const { rows, errors, warnings } = namedRows(content, CSV_COLUMNS, ['primary_email_address']);
  let totp = false;
  const records = rows.map((row): ImportRecord | UnreadableRecord => {
    const verified = listCell(row.cell('verified_email_addresses'));
    const email = row.cell('primary_email_address').trim() || verified[0] || null;
    const place = { record: row.record, line: row.line, id: row.cell('id').trim() || null, email };
    if (row.error) return { ...place, unreadable: row.error };
    const record = emptyRecord(place);
    const lower = email?.toLowerCase();
    record.emailVerified = verified.some((address) => address.toLowerCase() === lower);
    record.name =
      fullName(row.cell('first_name'), row.cell('last_name')) ?? (row.cell('username').trim() || null);
    const digest = row.cell('password_digest');
    if (digest !== '') record.password = clerkPassword(digest, row.cell('password_hasher'));
    if (row.cell('totp_secret') !== '') totp = true;
    return record;
  });
  if (totp) warnings.push(fileProblem(TOTP_WARNING));
  return { records, organizations: [], errors, warnings };
}

/** Clerk names its hasher; an empty name leaves the value to be recognised. */
function clerkPassword(digest: string, hasher: string): { value: string; hasher?: string } {
  return hasher.trim() === '' ? { value: digest } : { value: digest, hasher: hasher.trim() };
}

/**
 * Clerk's roles: `org:admin` and `org:member`; any other (a custom role) becomes a member with a
 * warning (docs/protocol/import.md#6-organizations-and-memberships-decision).
 */
function clerkRole(role: unknown): ImportedRole | null {
  if (role === 'org:admin') return 'admin';
  if (role === 'org:member') return 'member';
  return null;
}

function readClerkJson(content: string): SourceResult {
  const parsed = parseJsonFile(content);
  if (!parsed.ok)
    return { records: [], organizations: [], errors: [fileProblem(parsed.message)], warnings: [] };
  const document = Array.isArray(parsed.value) ? { users: parsed.value } : object(parsed.value);
  if (!document || !Array.isArray(document.users))
    return {
      records: [],
      organizations: [],
      errors: [fileProblem('a Clerk JSON export is an array of users or an object with a users array')],
      warnings: [],
    };
  const errors: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  let totp = false;
  const records = document.users.map((value, index): ImportRecord | UnreadableRecord => {
    const user = object(value);
    const place = { record: index + 1, line: null, id: text(user?.id), email: null };
    if (!user) return { ...place, unreadable: 'a user is not a JSON object' };
    const addresses = list(user.email_addresses).map(object);
    const primary =
      addresses.find((address) => address && address.id === user.primary_email_address_id) ?? addresses[0];
    const record = emptyRecord({ ...place, email: text(primary?.email_address) });
    record.emailVerified = object(primary?.verification)?.status === 'verified';
    record.name = fullName(text(user.first_name), text(user.last_name)) ?? text(user.username);
    record.image = text(user.image_url);
    const createdAt = timeValue(user.created_at);
    if (createdAt === undefined) record.problems.push('created_at is not a time');
    record.createdAt = createdAt ?? null;
    // `locked` is Clerk's lockout after too many attempts; both keep the user out.
    if (user.banned === true || user.locked === true) record.ban = { until: null };
    record.metadata = object(user.public_metadata);
    const digest = text(user.password_digest);
    if (digest) record.password = clerkPassword(digest, text(user.password_hasher) ?? '');
    if (text(user.totp_secret) || user.totp_enabled === true) totp = true;
    for (const external of list(user.external_accounts).map(object)) {
      const provider = text(external?.provider);
      const accountId = external?.provider_user_id;
      if (!provider || (typeof accountId !== 'string' && typeof accountId !== 'number')) {
        record.problems.push('an external account lacks provider or provider_user_id');
        continue;
      }
      record.accounts.push({ providerId: provider.replace(/^oauth_/, ''), accountId: String(accountId) });
    }
    return record;
  });
  if (totp) warnings.push(fileProblem(TOTP_WARNING));
  const organizations = clerkOrganizations(document, records, errors, warnings);
  return { records, organizations, errors, warnings };
}

/**
 * Organizations and their memberships; in each, the oldest `org:admin` becomes its owner so that
 * every organization has one (docs/protocol/import.md#6-organizations-and-memberships-decision).
 */
function clerkOrganizations(
  document: Record<string, unknown>,
  records: (ImportRecord | UnreadableRecord)[],
  errors: ImportProblem[],
  warnings: ImportProblem[],
): ImportedOrganization[] {
  const organizations: ImportedOrganization[] = [];
  for (const value of list(document.organizations)) {
    const organization = object(value);
    const key = text(organization?.id);
    const name = text(organization?.name);
    if (!organization || !key || !name) {
      errors.push(fileProblem('an organization lacks id or name'));
      continue;
    }
    organizations.push({
      key,
      name,
      slug: text(organization.slug) ?? key,
      logo: text(organization.image_url),
      createdAt: timeValue(organization.created_at) ?? null,
    });
  }
  const bySourceId = new Map<string, ImportRecord>();
  for (const record of records) if (!('unreadable' in record) && record.id) bySourceId.set(record.id, record);
  const oldestAdmin = new Map<string, { at: number; record: ImportRecord }>();
  list(document.organization_memberships).forEach((value, index) => {
    const membership = object(value);
    const organizationId = text(object(membership?.organization)?.id);
    const userId = text(object(membership?.public_user_data)?.user_id);
    const record = userId ? bySourceId.get(userId) : undefined;
    if (!membership || !organizationId || !record) {
      errors.push(
        fileProblem(
          `organization membership ${index + 1}: no organization id, or no user ${userId ?? ''} in the file`,
        ),
      );
      return;
    }
    let role = clerkRole(membership.role);
    if (!role) {
      warnings.push(
        fileProblem(
          `organization membership ${index + 1}: role ${String(membership.role)} imported as member`,
        ),
      );
      role = 'member';
    }
    record.memberships.push({ organization: organizationId, role });
    // Without a creation time the first in the file counts as the oldest.
    const at = timeValue(membership.created_at)?.getTime() ?? Number.POSITIVE_INFINITY;
    const oldest = oldestAdmin.get(organizationId);
    if (role === 'admin' && (!oldest || at < oldest.at)) oldestAdmin.set(organizationId, { at, record });
  });
  for (const [organizationId, { record }] of oldestAdmin)
    for (const membership of record.memberships)
      if (membership.organization === organizationId) membership.role = 'owner';
  return organizations;
}
