import { hashPassword } from '../../crypto/password.ts';
import { generateId } from '../../crypto/random.ts';
import type { AuthDatabase } from '../../db/schema.ts';
import { insertCredentialAccount, setCredentialPassword } from '../../user/account.repository.ts';
import { normalizeEmail } from '../../user/email.ts';
import { findUserByEmail, insertUser, updateUserById } from '../../user/user.repository.ts';

export interface EnsureAdminResult {
  userId: string;
  created: boolean;
}

/**
 * For operators (the `create-admin` command): makes the user with this email an admin, creating
 * them (verified, with the given password) when they do not exist. Existing roles are kept and
 * `admin` is added; a given password replaces theirs.
 */
export async function ensureAdmin(
  database: AuthDatabase,
  input: { email: string; name?: string; password?: string; now?: number },
): Promise<EnsureAdminResult> {
  const { db } = database;
  const email = normalizeEmail(input.email);
  const now = input.now ?? Date.now();
  const iso = new Date(now).toISOString();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const roles = String(existing.role ?? 'user')
      .split(',')
      .map((r) => r.trim())
      .filter((r) => r && r !== 'user');
    const role = [...new Set([...roles, 'admin'])].join(',');
    const userId = existing.id as string;
    await db.transaction().execute(async (trx) => {
      await updateUserById(trx, userId, { role, updatedAt: iso });
      if (passwordHash) await setCredentialPassword(trx, userId, passwordHash, now);
    });
    return { userId, created: false };
  }
  const id = generateId();
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
    if (passwordHash)
      await insertCredentialAccount(trx, { id: generateId(), userId: id, passwordHash, now: iso });
  });
  return { userId: id, created: true };
}
