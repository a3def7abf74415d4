import {
  emptyRecord,
  fileProblem,
  type ImportProblem,
  type ImportRecord,
  recordProblem,
  type SourceResult,
  type UnreadableRecord,
} from '../import-record.ts';
import { list, object, parseJsonFile, text, timeValue } from './source-values.ts';

/** Supabase's provider names where Gatehouse's differ (docs/protocol/import.md#53-supabase). */
const PROVIDERS = new Map([
  ['azure', 'microsoft'],
  ['linkedin_oidc', 'linkedin'],
]);

/**
 * `auth.users` and `auth.identities` as one JSON document, or a bare array of users
 * (docs/protocol/import.md#53-supabase). No organizations.
 */
export function readSupabase(content: string, now: number): SourceResult {
  const parsed = parseJsonFile(content);
  if (!parsed.ok)
    return { records: [], organizations: [], errors: [fileProblem(parsed.message)], warnings: [] };
  const document = Array.isArray(parsed.value)
    ? { users: parsed.value, identities: [] }
    : object(parsed.value);
  if (!document || !Array.isArray(document.users))
    return {
      records: [],
      organizations: [],
      errors: [fileProblem('a Supabase export is an array of users or an object with users and identities')],
      warnings: [],
    };
  const warnings: ImportProblem[] = [];
  const records = document.users.map((value, index): ImportRecord | UnreadableRecord => {
    const user = object(value);
    const place = { record: index + 1, line: null, id: text(user?.id), email: text(user?.email) };
    if (!user) return { ...place, unreadable: 'a user is not a JSON object' };
    const record = emptyRecord(place);
    if (user.deleted_at) record.skip = 'deleted at the source: not imported';
    else if (user.is_anonymous === true) record.skip = 'an anonymous user: not imported';
    else if (!place.email) record.skip = 'no email: not imported';
    record.emailVerified = Boolean(user.email_confirmed_at ?? user.confirmed_at);
    const meta = object(user.raw_user_meta_data);
    record.name = text(meta?.full_name) ?? text(meta?.name) ?? text(meta?.user_name);
    record.image = text(meta?.avatar_url) ?? text(meta?.picture);
    record.metadata = meta;
    const createdAt = timeValue(user.created_at);
    if (createdAt === undefined) record.problems.push('created_at is not a time');
    record.createdAt = createdAt ?? null;
    const bannedUntil = timeValue(user.banned_until);
    if (bannedUntil && bannedUntil.getTime() > now) record.ban = { until: bannedUntil };
    const hash = text(user.encrypted_password);
    if (user.is_sso_user === true) {
      if (!record.skip)
        warnings.push(recordProblem(place, 'a single sign-on user: imported without a password'));
    } else if (hash) record.password = { value: hash };
    return record;
  });
  const bySourceId = new Map<string, ImportRecord>();
  for (const record of records) if (!('unreadable' in record) && record.id) bySourceId.set(record.id, record);
  const errors: ImportProblem[] = [];
  for (const value of list(document.identities)) {
    const identity = object(value);
    const provider = text(identity?.provider);
    if (!identity || !provider || provider === 'email' || provider === 'phone') continue;
    const record = bySourceId.get(text(identity.user_id) ?? '');
    const accountId = text(identity.provider_id) ?? text(object(identity.identity_data)?.sub);
    if (!record) {
      errors.push(fileProblem(`identity ${text(identity.id) ?? ''} belongs to no user in the file`));
      continue;
    }
    if (!accountId) {
      record.problems.push(`a ${provider} identity has no provider_id`);
      continue;
    }
    record.accounts.push({ providerId: PROVIDERS.get(provider) ?? provider, accountId });
  }
  return { records, organizations: [], errors, warnings };
}
