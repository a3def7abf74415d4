import type { Kysely } from 'kysely';
import { hashPassword } from '../../crypto/password.ts';
import { generateId, randomString } from '../../crypto/random.ts';
import { type AuthDatabase, type Schema, toBoolean } from '../../db/schema.ts';
import { deleteSessionsOfUser } from '../../session/session.repository.ts';
import { insertCredentialAccount, setCredentialPassword } from '../../user/account.repository.ts';
import { normalizeEmail } from '../../user/email.ts';
import {
  deleteCredentialAccount,
  type RemovedCredentials,
  removeOtherCredentials,
} from '../../user/take-over.repository.ts';
import { findUserByEmail, insertUser, updateUserById } from '../../user/user.repository.ts';

export interface EnsureAdminInput {
  email: string;
  name?: string;
  /** Without one, a new or taken-over account gets a generated password, returned once. */
  password?: string;
  /** Claim an existing account whose address was never verified (README.md). */
  takeOver?: boolean;
  now?: number;
}

export type EnsureAdminResult =
  | { outcome: 'created'; created: true; userId: string; generatedPassword?: string }
  /**
   * The address was verified: `admin` added. A given password replaced theirs and, as a reset
   * does, ended every session; without one, password and sessions are untouched.
   */
  | { outcome: 'promoted'; created: false; userId: string; passwordSet: boolean; sessionsEnded: number }
  /** Nothing changed: the address was never verified, so whoever registered it may not own it. */
  | { outcome: 'unverified'; created: false; userId: string }
  /** Every session and credential removed, the password replaced, the address marked verified. */
  | {
      outcome: 'taken-over';
      created: false;
      userId: string;
      removed: RemovedCredentials & { sessions: number };
      generatedPassword?: string;
    };

/**
 * For operators (the `create-admin` command): makes the user with this email an admin, creating
 * them (verified) when they do not exist. Existing roles are kept and `admin` is added. An account
 * whose address nobody proved is refused unless `takeOver` says to claim it (README.md).
 *
 * Ended sessions are gone from the database; a running server's cookie caches hear of it only
 * through `auth.operator.createAdmin`, which the command uses.
 */
export async function ensureAdmin(
  database: AuthDatabase,
  input: EnsureAdminInput,
): Promise<EnsureAdminResult> {
  return (await claimAdmin(database.db, input)).result;
}

/**
 * `ensureAdmin`, hashing with `hash` (the engine's hasher), with the tokens of the sessions it
 * ended, for the caller to remember as revoked.
 */
export async function claimAdmin(
  db: Kysely<Schema>,
  input: EnsureAdminInput,
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<{ result: EnsureAdminResult; endedSessions: string[] }> {
  const email = normalizeEmail(input.email);
  const now = input.now ?? Date.now();
  const iso = new Date(now).toISOString();
  const existing = await findUserByEmail(db, email);
  if (!existing) return { result: await createAdmin(db, email, input, iso, hash), endedSessions: [] };

  const userId = existing.id as string;
  const verified = toBoolean(existing.emailVerified as number);
  if (!verified && !input.takeOver)
    return { result: { outcome: 'unverified', created: false, userId }, endedSessions: [] };
  const role = withAdmin(existing.role);
  const generatedPassword = verified || input.password ? undefined : newPassword();
  const password = input.password ?? generatedPassword;
  const passwordHash = password === undefined ? null : await hash(password);

  return db.transaction().execute(async (trx) => {
    if (verified) {
      await updateUserById(trx, userId, { role, updatedAt: iso });
      if (!passwordHash) {
        return {
          result: { outcome: 'promoted', created: false, userId, passwordSet: false, sessionsEnded: 0 },
          endedSessions: [],
        };
      }
      await setCredentialPassword(trx, userId, passwordHash, now);
      const ended = await deleteSessionsOfUser(trx, userId);
      const result = {
        outcome: 'promoted',
        created: false,
        userId,
        passwordSet: true,
        sessionsEnded: ended.length,
      } as const;
      return { result, endedSessions: ended };
    }
    const ended = await deleteSessionsOfUser(trx, userId);
    const removed = await removeOtherCredentials(trx, userId);
    if (passwordHash) await setCredentialPassword(trx, userId, passwordHash, now);
    else await deleteCredentialAccount(trx, userId);
    const values: Record<string, unknown> = { role, emailVerified: 1, twoFactorEnabled: 0, updatedAt: iso };
    if (input.name) values.name = input.name;
    await updateUserById(trx, userId, values);
    const result = {
      outcome: 'taken-over',
      created: false,
      userId,
      removed: { sessions: ended.length, ...removed },
      ...(generatedPassword && { generatedPassword }),
    } as const;
    return { result, endedSessions: ended };
  });
}

async function createAdmin(
  db: Kysely<Schema>,
  email: string,
  input: EnsureAdminInput,
  iso: string,
  hash: (password: string) => Promise<string>,
): Promise<EnsureAdminResult> {
  const id = generateId();
  const generatedPassword = input.password ? undefined : newPassword();
  const passwordHash = await hash(input.password ?? (generatedPassword as string));
  const [localPart = ''] = email.split('@');
  await db.transaction().execute(async (trx) => {
    await insertUser(trx, {
      id,
      name: input.name ?? localPart,
      email,
      emailVerified: 1,
      image: null,
      createdAt: iso,
      updatedAt: iso,
      role: 'admin',
      banned: 0,
    });
    await insertCredentialAccount(trx, { id: generateId(), userId: id, passwordHash, now: iso });
  });
  return { outcome: 'created', created: true, userId: id, ...(generatedPassword && { generatedPassword }) };
}

/** The stored roles with `admin` added; `user`, the default, is implied by any role. */
function withAdmin(stored: unknown): string {
  const roles = String(stored ?? 'user')
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r && r !== 'user');
  return [...new Set([...roles, 'admin'])].join(',');
}

/** 24 letters and digits: about 143 bits, typed once and changed after signing in. */
const newPassword = () => randomString(24);
