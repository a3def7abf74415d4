import { firebaseScryptValue } from '../../../passwords/firebase-scrypt.ts';
import {
  emptyRecord,
  fileProblem,
  type ImportProblem,
  type ImportRecord,
  type SourceResult,
  type UnreadableRecord,
} from '../import-record.ts';
import { readFirebaseCsv } from './firebase-csv.ts';
import { list, object, parseJsonFile, text, timeValue } from './source-values.ts';

/** Firebase's provider ids and Gatehouse's (docs/protocol/import.md#54-firebase). */
const PROVIDERS = new Map([
  ['google.com', 'google'],
  ['github.com', 'github'],
  ['facebook.com', 'facebook'],
  ['apple.com', 'apple'],
  ['twitter.com', 'twitter'],
  ['microsoft.com', 'microsoft'],
]);
const NOT_ACCOUNTS = new Set(['password', 'phone']);

const NO_HASH_CONFIG =
  "firebase: users have password hashes: pass the project's hash parameters with --hash-config FILE";

interface HashConfig {
  signerKey: string;
  saltSeparator: string;
  rounds: number;
  memCost: number;
}

/**
 * The console's "Password hash parameters" block as copied (`hash_config { key: value, … }`), or
 * the same keys as JSON (docs/protocol/import.md#54-firebase).
 */
export function readHashConfig(
  raw: string,
): { ok: true; config: HashConfig } | { ok: false; message: string } {
  let values: Record<string, unknown> | null = null;
  try {
    values = object(JSON.parse(raw));
  } catch {
    values = {};
    for (const match of raw.matchAll(/([a-z_0-9]+)\s*:\s*("[^"]*"|[^,\n}]+)/g)) {
      const [, key = '', value = ''] = match;
      values[key] = value.trim().replace(/^"|"$/g, '');
    }
  }
  if (!values) return { ok: false, message: 'hash config is not a hash_config block or a JSON object' };
  for (const key of ['algorithm', 'base64_signer_key', 'base64_salt_separator', 'rounds', 'mem_cost'])
    if (values[key] === undefined || values[key] === '')
      return { ok: false, message: `hash config lacks ${key}` };
  const algorithm = String(values.algorithm);
  if (algorithm !== 'SCRYPT') return { ok: false, message: `${algorithm} is not supported for passwords` };
  const rounds = Number(values.rounds);
  const memCost = Number(values.mem_cost);
  if (!Number.isInteger(rounds) || !Number.isInteger(memCost))
    return { ok: false, message: 'hash config rounds and mem_cost must be whole numbers' };
  return {
    ok: true,
    config: {
      signerKey: String(values.base64_signer_key),
      saltSeparator: String(values.base64_salt_separator),
      rounds,
      memCost,
    },
  };
}

/** One user as the export holds it, with where it starts in the file. */
interface ExportedUser {
  line: number | null;
  /** Why the CSV row could not be read, if it could not. */
  unreadable: string | null;
  value: unknown;
}

/**
 * The users of a JSON export, or of a CSV export when the file is not JSON: a JSON export starts
 * with `{`, a CSV one with a quoted or bare UID (docs/protocol/import.md#54-firebase).
 */
function exportedUsers(
  content: string,
): { ok: true; users: ExportedUser[] } | { ok: false; message: string } {
  if (!/^\uFEFF?\s*[{[]/.test(content))
    return {
      ok: true,
      users: Array.from(readFirebaseCsv(content), ({ line, malformed, user }) => ({
        line,
        unreadable: malformed,
        value: user,
      })),
    };
  const parsed = parseJsonFile(content);
  if (!parsed.ok) return parsed;
  const users = object(parsed.value)?.users;
  if (!Array.isArray(users))
    return { ok: false, message: 'a Firebase export is an object with a users array' };
  return { ok: true, users: users.map((value) => ({ line: null, unreadable: null, value })) };
}

/** `firebase auth:export users.json` or `users.csv` (docs/protocol/import.md#54-firebase). No organizations. */
export function readFirebase(content: string, hashConfig: string | undefined): SourceResult {
  const exported = exportedUsers(content);
  if (!exported.ok)
    return { records: [], organizations: [], errors: [fileProblem(exported.message)], warnings: [] };
  const users = exported.users.map((user) => user.value);
  const errors: ImportProblem[] = [];
  if (users.some((user) => object(user)?.tenantId !== undefined))
    errors.push(fileProblem('multi-tenant exports are not supported'));
  const hashed = users.some((user) => text(object(user)?.passwordHash));
  const config = hashConfig === undefined ? undefined : readHashConfig(hashConfig);
  if (hashed && !config) errors.push(fileProblem(NO_HASH_CONFIG));
  if (config && !config.ok) errors.push(fileProblem(config.message));
  const records = exported.users.map(
    ({ line, unreadable, value }, index): ImportRecord | UnreadableRecord => {
      const user = object(value);
      const place = { record: index + 1, line, id: text(user?.localId), email: text(user?.email) };
      if (unreadable) return { ...place, unreadable };
      if (!user) return { ...place, unreadable: 'a user is not a JSON object' };
      const record = emptyRecord(place);
      if (!place.email) record.skip = 'no email: not imported';
      if (typeof user.emailVerified === 'string') record.problems.push('email verified is not true or false');
      record.emailVerified = user.emailVerified === true;
      record.name = text(user.displayName);
      record.image = text(user.photoUrl);
      const createdAt = timeValue(user.createdAt);
      if (createdAt === undefined) record.problems.push('createdAt is not a time');
      record.createdAt = createdAt ?? null;
      if (user.disabled === true) record.ban = { until: null };
      const hash = text(user.passwordHash);
      if (hash && config?.ok) {
        const { signerKey, saltSeparator, rounds, memCost } = config.config;
        // The project's parameters go with every hash, so each stored value verifies alone.
        record.password = {
          value: firebaseScryptValue({
            passwordHash: hash,
            salt: text(user.salt) ?? '',
            signerKey,
            saltSeparator,
            rounds,
            memCost,
          }),
          hasher: 'scrypt_firebase',
        };
      }
      for (const info of list(user.providerUserInfo).map(object)) {
        const providerId = text(info?.providerId);
        const rawId = text(info?.rawId);
        if (!providerId || NOT_ACCOUNTS.has(providerId)) continue;
        if (!rawId) {
          record.problems.push(`a ${providerId} provider entry has no rawId`);
          continue;
        }
        record.accounts.push({
          providerId: PROVIDERS.get(providerId) ?? providerId.replace(/\.com$/, ''),
          accountId: rawId,
        });
      }
      return record;
    },
  );
  return { records, organizations: [], errors, warnings: [] };
}
