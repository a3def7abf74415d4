import { normalizeEmail } from '../../../user/email.ts';
import {
  emptyRecord,
  fileProblem,
  type ImportedOrganization,
  type ImportedRole,
  type ImportProblem,
  type ImportRecord,
  type RecordPlace,
  type SourceResult,
  type UnreadableRecord,
} from '../import-record.ts';
import { auth0Password } from './auth0-password.ts';
import { NOT_JSON_LINE, ndjsonLines } from './ndjson-lines.ts';
import { fullName, list, object, parseJsonFile, text, timeValue } from './source-values.ts';

/** Auth0's social connections and Gatehouse's provider ids (docs/protocol/import.md#51-auth0). */
const PROVIDERS = new Map([
  ['github', 'github'],
  ['google-oauth2', 'google'],
  ['windowslive', 'microsoft'],
  ['facebook', 'facebook'],
  ['apple', 'apple'],
  ['twitter', 'twitter'],
  ['linkedin', 'linkedin'],
  ['gitlab', 'gitlab'],
  ['discord', 'discord'],
  ['bitbucket', 'bitbucket'],
]);

type Entry = ImportRecord | UnreadableRecord;

/**
 * An Auth0 export, told apart by its content (docs/protocol/import.md#51-auth0): a bulk-import
 * array, the export job's NDJSON, or the extended form with organizations. `passwords` is the
 * password-hash export, merged by email.
 */
export function readAuth0(content: string, passwords?: string): SourceResult {
  const warnings: ImportProblem[] = [];
  const errors: ImportProblem[] = [];
  const seen = { mfa: false, providers: new Set<string>() };
  let records: Entry[];
  let organizations: ImportedOrganization[] = [];
  const trimmed = content.trimStart().replace(/^\uFEFF/, '');
  const whole = trimmed.startsWith('[') || trimmed.startsWith('{') ? parseJsonFile(content) : null;
  const document = whole?.ok ? object(whole.value) : null;
  if (whole?.ok && Array.isArray(whole.value)) {
    records = whole.value.map((value, index) => auth0Record(value, { record: index + 1, line: null }, seen));
  } else if (document && Array.isArray(document.users)) {
    records = document.users.map((value, index) =>
      auth0Record(value, { record: index + 1, line: null }, seen),
    );
    organizations = auth0Organizations(list(document.organizations), records, errors);
  } else if (whole && !whole.ok && trimmed.startsWith('[')) {
    return { records: [], organizations: [], errors: [fileProblem(whole.message)], warnings: [] };
  } else {
    records = [];
    for (const { line, value } of ndjsonLines(content))
      records.push(
        value === undefined
          ? { record: records.length + 1, line, id: null, email: null, unreadable: NOT_JSON_LINE }
          : auth0Record(value, { record: records.length + 1, line }, seen),
      );
  }
  if (passwords !== undefined) errors.push(...mergePasswords(records, passwords));
  if (seen.mfa)
    warnings.push(fileProblem('mfa_factors are not imported: users enrol their second factor again'));
  for (const provider of seen.providers)
    warnings.push(fileProblem(`provider ${provider} has no Gatehouse provider configured`));
  return { records, organizations, errors, warnings };
}

function auth0Record(
  value: unknown,
  at: { record: number; line: number | null },
  seen: { mfa: boolean; providers: Set<string> },
): Entry {
  const user = object(value);
  const id = text(user?.user_id) ?? (typeof user?.user_id === 'number' ? String(user.user_id) : null);
  const place: RecordPlace = { ...at, id, email: text(user?.email) };
  if (!user) return { ...place, unreadable: 'a user is not a JSON object' };
  const record = emptyRecord(place);
  record.emailVerified = user.email_verified === true;
  record.name =
    text(user.name) ??
    fullName(text(user.given_name), text(user.family_name)) ??
    text(user.nickname) ??
    text(user.username);
  record.image = text(user.picture);
  const createdAt = timeValue(user.created_at);
  if (createdAt === undefined) record.problems.push('created_at is not a time');
  record.createdAt = createdAt ?? null;
  if (user.blocked === true) record.ban = { until: null };
  const userMetadata = object(user.user_metadata);
  const appMetadata = object(user.app_metadata);
  if (userMetadata || appMetadata)
    record.metadata = { user_metadata: userMetadata ?? {}, app_metadata: appMetadata ?? {} };
  if (user.mfa_factors !== undefined) seen.mfa = true;
  if (user.password_hash !== undefined && user.custom_password_hash !== undefined)
    record.problems.push('password_hash and custom_password_hash are mutually exclusive');
  else if (user.password_hash !== undefined) {
    // The bulk schema's `password_hash` is bcrypt only (docs/protocol/import.md#51-auth0).
    if (typeof user.password_hash === 'string')
      record.password = { value: user.password_hash, hasher: 'bcrypt' };
    else record.problems.push('unknown password hash format');
  } else if (user.custom_password_hash !== undefined) {
    const password = auth0Password(user.custom_password_hash);
    if (password.ok) record.password = password.password;
    else record.problems.push(password.message);
  }
  for (const identity of list(user.identities).map(object)) {
    if (identity?.isSocial !== true) continue;
    const provider = text(identity.provider);
    const accountId =
      typeof identity.user_id === 'number' ? String(identity.user_id) : text(identity.user_id);
    if (!provider || !accountId) {
      record.problems.push('a social identity lacks provider or user_id');
      continue;
    }
    const providerId = PROVIDERS.get(provider);
    if (!providerId) seen.providers.add(provider);
    record.accounts.push({ providerId: providerId ?? provider, accountId });
  }
  return record;
}

/** Lines of Auth0's password export, joined to the users by normalised email. */
function mergePasswords(records: Entry[], passwords: string): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const byEmail = new Map<string, ImportRecord>();
  for (const record of records)
    if (!('unreadable' in record) && record.email) byEmail.set(normalizeEmail(record.email.trim()), record);
  for (const { line, value } of ndjsonLines(passwords)) {
    const entry = object(value);
    const email = text(entry?.email);
    const hash = text(entry?.passwordHash);
    const where = { record: null, line, id: null, email };
    if (!entry || !email || !hash) {
      problems.push({
        ...where,
        message: `--passwords line ${line}: ${entry ? 'no email or passwordHash' : NOT_JSON_LINE}`,
      });
      continue;
    }
    const record = byEmail.get(normalizeEmail(email.trim()));
    if (!record)
      problems.push({
        ...where,
        message: `--passwords line ${line}: no user with email ${email} in the file`,
      });
    else if (record.password) record.problems.push('password_hash and a --passwords line for the same user');
    else record.password = { value: hash };
  }
  return problems;
}

const ROLES: ImportedRole[] = ['owner', 'admin', 'member'];

/**
 * The extended form's organizations; a member's role is the first of their role names that is
 * owner, admin or member, else member (docs/protocol/import.md#6-organizations-and-memberships-decision).
 */
function auth0Organizations(
  values: unknown[],
  records: Entry[],
  errors: ImportProblem[],
): ImportedOrganization[] {
  const byId = new Map<string, ImportRecord>();
  for (const record of records) if (!('unreadable' in record) && record.id) byId.set(record.id, record);
  const organizations: ImportedOrganization[] = [];
  values.forEach((value, index) => {
    const organization = object(value);
    const name = text(organization?.name);
    if (!organization || !name) {
      errors.push(fileProblem(`organization ${index + 1} has no name`));
      return;
    }
    organizations.push({
      key: name,
      name: text(organization.display_name) ?? name,
      slug: name,
      logo: text(object(organization.branding)?.logo_url),
      createdAt: null,
    });
    for (const member of list(organization.members).map(object)) {
      const userId = text(member?.user_id);
      const record = userId ? byId.get(userId) : undefined;
      if (!record) {
        errors.push(
          fileProblem(`organization ${name}: member ${userId ?? '(no user_id)'} is not in the file`),
        );
        continue;
      }
      const roleNames = list(member?.roles).map((role) => text(object(role)?.name)?.toLowerCase());
      const role = roleNames.find((role): role is ImportedRole => ROLES.includes(role as ImportedRole));
      record.memberships.push({ organization: name, role: role ?? 'member' });
    }
  });
  return organizations;
}
