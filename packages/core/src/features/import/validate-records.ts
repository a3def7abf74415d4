import { hasControlCharacter } from '../../http/control-characters.ts';
import { type HasherName, recognizePasswordHash } from '../../passwords/recognize.ts';
import { isValidEmail, normalizeEmail } from '../../user/email.ts';
import {
  fileProblem,
  type ImportedAccount,
  type ImportedMembership,
  type ImportedOrganization,
  type ImportProblem,
  type ImportRecord,
  type RecordPlace,
  recordProblem,
  type SourceResult,
} from './import-record.ts';

/** A record that passed every check: what the batches write (docs/protocol/import.md#33-rows-written-decision). */
export interface PlannedUser {
  place: RecordPlace;
  /** Normalised as the engine stores addresses (docs/protocol/import.md#31-matching-decision). */
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Date | null;
  ban: { until: Date | null } | null;
  password: { stored: string; hasher: HasherName } | null;
  accounts: ImportedAccount[];
  memberships: ImportedMembership[];
  metadata: Record<string, unknown> | null;
}

export interface Validation {
  users: PlannedUser[];
  organizations: ImportedOrganization[];
  skipped: number;
  hashes: Record<string, number>;
  errors: ImportProblem[];
  warnings: ImportProblem[];
}

/** The engine's own bounds (user/user-limits.ts), so an imported user is one the routes could have made. */
const MAX_NAME = 256;
const MAX_IMAGE = 2048;
const MAX_ACCOUNT_ID = 256;
const MAX_HASH = 4096;
const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const ROLE_RANK = { member: 0, admin: 1, owner: 2 } as const;

/** A value quoted in a message: control characters shown as `?`, at most 100 characters. */
const shown = (value: string): string =>
  [...value.slice(0, 100)].map((c) => (hasControlCharacter(c, false) ? '?' : c)).join('') +
  (value.length > 100 ? '…' : '');

const oneLine = (value: string, max: number): boolean =>
  value.length <= max && !hasControlCharacter(value, false);

function isImageUrl(value: string): boolean {
  if (!oneLine(value, MAX_IMAGE)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Every check that needs no database, over every record, so that one run lists every problem
 * (docs/protocol/import.md#32-validation-first-then-batches-decision).
 */
export function validateRecords(source: SourceResult, options: { refuseWeak: boolean }): Validation {
  const errors = [...source.errors];
  const warnings = [...source.warnings];
  const hashes: Record<string, number> = {};
  checkOrganizations(source.organizations, errors);
  const organizationKeys = new Set(source.organizations.map((organization) => organization.key));
  const users: PlannedUser[] = [];
  const keyed: { place: RecordPlace; email: string; accounts: ImportedAccount[] }[] = [];
  let skipped = 0;
  for (const record of source.records) {
    if ('unreadable' in record) {
      errors.push(recordProblem(record, record.unreadable));
      continue;
    }
    if (record.skip !== null) {
      skipped++;
      warnings.push(recordProblem(record, record.skip));
      continue;
    }
    const problems = [...record.problems];
    const user = planUser(record, problems, warnings, options, organizationKeys);
    for (const message of problems) errors.push(recordProblem(record, message));
    const written = record.email?.trim();
    if (written) keyed.push({ place: record, email: normalizeEmail(written), accounts: record.accounts });
    if (problems.length > 0 || !user) continue;
    users.push(user);
    if (user.password) hashes[user.password.hasher] = (hashes[user.password.hasher] ?? 0) + 1;
  }
  errors.push(...duplicates(keyed));
  return { users, organizations: source.organizations, skipped, hashes, errors, warnings };
}

function planUser(
  record: ImportRecord,
  problems: string[],
  warnings: ImportProblem[],
  options: { refuseWeak: boolean },
  organizationKeys: Set<string>,
): PlannedUser | null {
  const written = record.email?.trim() ?? '';
  const email = normalizeEmail(written);
  if (written === '') problems.push('missing email');
  else if (!isValidEmail(email)) problems.push(`invalid email ${shown(written)}`);
  const given = record.name?.trim() ?? '';
  if (!oneLine(given, MAX_NAME)) problems.push(`name longer than ${MAX_NAME} characters or not one line`);
  const name = given || email.slice(0, Math.max(0, email.indexOf('@')));
  let image = record.image;
  if (image !== null && !isImageUrl(image)) {
    warnings.push(recordProblem(record, 'image is not an http(s) URL: imported without it'));
    image = null;
  }
  const password = record.password && checkPassword(record, record.password, problems, warnings, options);
  for (const account of record.accounts) {
    if (!PROVIDER_ID.test(account.providerId))
      problems.push(`provider ${shown(account.providerId)} is not a provider id`);
    else if (account.accountId === '' || !oneLine(account.accountId, MAX_ACCOUNT_ID))
      problems.push(
        `${account.providerId} account id is empty, longer than ${MAX_ACCOUNT_ID} characters or not one line`,
      );
  }
  const memberships = new Map<string, ImportedMembership>();
  for (const membership of record.memberships) {
    if (!organizationKeys.has(membership.organization)) {
      problems.push(`unknown organization ${shown(membership.organization)}`);
      continue;
    }
    const held = memberships.get(membership.organization);
    // Named twice (two subgroups, two roles): the higher role wins.
    if (!held || ROLE_RANK[membership.role] > ROLE_RANK[held.role])
      memberships.set(membership.organization, membership);
  }
  if (problems.length > 0) return null;
  return {
    place: { record: record.record, line: record.line, id: record.id, email: record.email },
    email,
    name,
    emailVerified: record.emailVerified,
    image,
    createdAt: record.createdAt,
    ban: record.ban,
    password,
    accounts: [...new Map(record.accounts.map((account) => [accountKey(account), account])).values()],
    memberships: [...memberships.values()],
    metadata: record.metadata,
  };
}

/** The stored form of the record's hash (docs/protocol/import.md#41-storage-and-sign-in-decision), or null with a problem. */
function checkPassword(
  place: RecordPlace,
  password: { value: string; hasher?: string },
  problems: string[],
  warnings: ImportProblem[],
  options: { refuseWeak: boolean },
): PlannedUser['password'] {
  if (password.value.length > MAX_HASH) {
    problems.push(`password hash parameters exceed the limits: longer than ${MAX_HASH} characters`);
    return null;
  }
  const recognized = recognizePasswordHash(password);
  if (!recognized.ok) {
    problems.push(recognized.message);
    return null;
  }
  if (recognized.weak) {
    if (options.refuseWeak) {
      problems.push(`weak password hash format ${recognized.hasher} refused (--refuse-weak)`);
      return null;
    }
    warnings.push(recordProblem(place, `weak password hash format ${recognized.hasher}`));
  }
  return { stored: recognized.stored, hasher: recognized.hasher };
}

const accountKey = (account: ImportedAccount): string => `${account.providerId}\u0000${account.accountId}`;

/**
 * Two records with one email, or one social identity, are both errors: neither can be imported
 * without guessing which one is meant (docs/protocol/import.md#32-validation-first-then-batches-decision).
 */
function duplicates(
  keyed: { place: RecordPlace; email: string; accounts: ImportedAccount[] }[],
): ImportProblem[] {
  const groups = new Map<string, { places: RecordPlace[]; message: (other: number) => string }>();
  const add = (key: string, place: RecordPlace, message: (other: number) => string) => {
    const group = groups.get(key);
    if (group) {
      if (!group.places.includes(place)) group.places.push(place);
    } else groups.set(key, { places: [place], message });
  };
  for (const { place, email, accounts } of keyed) {
    add(`email\u0000${email}`, place, (other) => `duplicate email ${shown(email)} (also record ${other})`);
    for (const account of accounts)
      add(
        `account\u0000${accountKey(account)}`,
        place,
        (other) => `${account.providerId} account ${shown(account.accountId)} is also in record ${other}`,
      );
  }
  const problems: ImportProblem[] = [];
  for (const { places, message } of groups.values()) {
    if (places.length < 2) continue;
    for (const place of places) {
      const other = places[0] === place ? places[1] : places[0];
      if (other) problems.push(recordProblem(place, message(other.record)));
    }
  }
  return problems;
}

function checkOrganizations(organizations: ImportedOrganization[], errors: ImportProblem[]): void {
  const slugs = new Set<string>();
  for (const organization of organizations) {
    if (
      organization.slug === '' ||
      !oneLine(organization.slug, MAX_NAME) ||
      organization.name === '' ||
      !oneLine(organization.name, MAX_NAME)
    )
      errors.push(
        fileProblem(
          `organization ${shown(organization.key)}: name or slug empty, longer than ${MAX_NAME} characters or not one line`,
        ),
      );
    else if (slugs.has(organization.slug))
      errors.push(fileProblem(`organization slug ${shown(organization.slug)} appears twice`));
    slugs.add(organization.slug);
  }
}
