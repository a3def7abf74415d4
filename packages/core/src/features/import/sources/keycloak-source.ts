import { keycloakArgon2Value, keycloakPbkdf2Value } from '../../../passwords/keycloak.ts';
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
import { fullName, list, object, parseJsonFile, text, timeValue } from './source-values.ts';

/** One file of a Keycloak export; a directory export (`different_files`) is several. */
export interface KeycloakFile {
  name: string;
  content: string;
}

/**
 * A realm export, a users file, or a directory of them: `*-realm.json` gives the groups, every
 * `*-users-*.json` the users (docs/protocol/import.md#55-keycloak).
 */
export function readKeycloak(files: KeycloakFile[]): SourceResult {
  const errors: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const groups: unknown[] = [];
  const users: unknown[] = [];
  for (const file of files) {
    const parsed = parseJsonFile(file.content);
    if (!parsed.ok) {
      errors.push(fileProblem(files.length > 1 ? `${file.name}: ${parsed.message}` : parsed.message));
      continue;
    }
    const document = object(parsed.value);
    if (!document) {
      errors.push(fileProblem(`${file.name}: a Keycloak export is a JSON object`));
      continue;
    }
    groups.push(...list(document.groups));
    users.push(...list(document.users));
  }
  const read = users.map((value, index) => keycloakRecord(value, index + 1));
  const organizations = groupOrganizations(groups, read);
  return { records: read.map(({ entry }) => entry), organizations, errors, warnings };
}

/** `credentialData` and `secretData` are JSON inside JSON strings (docs/protocol/import.md#55-keycloak). */
function embedded(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'string') return object(value);
  try {
    return object(JSON.parse(value));
  } catch {
    return null;
  }
}

/** `additionalParameters` holds lists: the first item of each. */
const parameter = (parameters: Record<string, unknown> | null, name: string): string | null => {
  const value = parameters?.[name];
  return text(Array.isArray(value) ? value[0] : value);
};

function keycloakPassword(credential: Record<string, unknown>): { value: string; hasher: string } | null {
  const data = embedded(credential.credentialData);
  const secret = embedded(credential.secretData);
  const algorithm = text(data?.algorithm);
  const iterations = data?.hashIterations;
  const salt = text(secret?.salt);
  const value = text(secret?.value);
  if (!algorithm || typeof iterations !== 'number' || !salt || !value) return null;
  if (algorithm === 'pbkdf2' || algorithm === 'pbkdf2-sha256' || algorithm === 'pbkdf2-sha512')
    return {
      value: keycloakPbkdf2Value({ algorithm, hashIterations: iterations, salt, value }),
      hasher: 'pbkdf2_keycloak',
    };
  if (algorithm === 'argon2') {
    const parameters = object(data?.additionalParameters);
    const type = parameter(parameters, 'type');
    const version = parameter(parameters, 'version');
    const [memory, parallelism, hashLength] = ['memory', 'parallelism', 'hashLength'].map((name) =>
      parameter(parameters, name),
    );
    if (type === null || version === null || memory == null || parallelism == null || hashLength == null)
      return null;
    // A list item that is no number becomes NaN here, which the recognizer refuses as it reads the value.
    const stored = keycloakArgon2Value({
      type,
      version,
      memory: Number(memory),
      hashIterations: iterations,
      parallelism: Number(parallelism),
      hashLength: Number(hashLength),
      salt,
      value,
    });
    return { value: stored, hasher: 'argon2_keycloak' };
  }
  return null;
}

/** A user and the paths of the groups they are in (`/acme/admins`). */
interface KeycloakUser {
  entry: ImportRecord | UnreadableRecord;
  groups: string[];
}

function keycloakRecord(value: unknown, position: number): KeycloakUser {
  const user = object(value);
  const place = {
    record: position,
    line: null,
    id: text(user?.id) ?? text(user?.username),
    email: text(user?.email),
  };
  if (!user) return { entry: { ...place, unreadable: 'a user is not a JSON object' }, groups: [] };
  const record = emptyRecord(place);
  if (!place.email) record.skip = 'no email (a username-only user): not imported';
  record.emailVerified = user.emailVerified === true;
  record.name = fullName(text(user.firstName), text(user.lastName)) ?? text(user.username);
  const createdAt = timeValue(user.createdTimestamp);
  if (createdAt === undefined) record.problems.push('createdTimestamp is not a time');
  record.createdAt = createdAt ?? null;
  if (user.enabled === false) record.ban = { until: null };
  record.metadata = object(user.attributes);
  const credential = list(user.credentials)
    .map(object)
    .find((entry) => entry?.type === 'password');
  if (credential) {
    const password = keycloakPassword(credential);
    if (password) record.password = password;
    else record.problems.push('unknown password hash format');
  }
  for (const identity of list(user.federatedIdentities).map(object)) {
    const provider = text(identity?.identityProvider);
    const accountId = text(identity?.userId);
    if (!provider || !accountId) {
      record.problems.push('a federated identity lacks identityProvider or userId');
      continue;
    }
    record.accounts.push({ providerId: provider.toLowerCase(), accountId });
  }
  const groups = list(user.groups).flatMap((path) => (typeof path === 'string' ? [path] : []));
  return { entry: record, groups };
}

/** The slug of a group's name: lower-cased, each run outside a-z0-9 one `-`, the ends trimmed. */
export const groupSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const SUBGROUP_ROLES = new Map<string, ImportedRole>([
  ['owners', 'owner'],
  ['admins', 'admin'],
]);

/**
 * Each top-level group is an organization; its members are the users in it or any subgroup, owners
 * and admins those in its direct `owners` and `admins` subgroups
 * (docs/protocol/import.md#6-organizations-and-memberships-decision).
 */
function groupOrganizations(groups: unknown[], users: KeycloakUser[]): ImportedOrganization[] {
  const names = new Set<string>();
  for (const group of groups.map(object)) {
    const name = text(group?.name);
    if (name) names.add(name);
  }
  for (const { entry: record, groups: paths } of users) {
    if ('unreadable' in record) continue;
    for (const path of paths) {
      const [, top, sub] = path.split('/');
      if (!top) continue;
      // A users file without its realm file: the top-level groups are the ones the paths name.
      if (groups.length === 0) names.add(top);
      if (!names.has(top)) continue;
      record.memberships.push({ organization: top, role: (sub && SUBGROUP_ROLES.get(sub)) || 'member' });
    }
  }
  return [...names].map((name) => ({ key: name, name, slug: groupSlug(name), logo: null, createdAt: null }));
}
