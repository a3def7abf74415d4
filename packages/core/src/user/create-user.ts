import type { AuthContext } from '../context.ts';
import { generateId } from '../crypto/random.ts';
import { isoNow } from '../db/schema.ts';
import { insertCredentialAccount } from './account.repository.ts';
import { additionalFromColumns } from './additional-fields.ts';
import { normalizeEmail } from './email.ts';
import { insertUser } from './user.repository.ts';
import type { User } from './user.ts';

export interface NewUser {
  name: string;
  email: string;
  image: string | null;
  /** Database-ready additional field values. */
  additional: Record<string, unknown>;
}

/** Creates a user and its credential account together: either both exist afterwards or neither. */
export async function createUserWithPassword(
  auth: AuthContext,
  input: NewUser,
  passwordHash: string,
): Promise<User> {
  const now = auth.options.now();
  const user: User = {
    id: generateId(),
    name: input.name,
    email: normalizeEmail(input.email),
    emailVerified: false,
    image: input.image,
    createdAt: new Date(now),
    updatedAt: new Date(now),
    additional: additionalFromColumns(auth.options.additionalFields, input.additional),
  };
  await auth.db.transaction().execute(async (trx) => {
    await insertUser(trx, {
      ...input.additional,
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: 0,
      image: user.image,
      createdAt: isoNow(now),
      updatedAt: isoNow(now),
    });
    await insertCredentialAccount(trx, { id: generateId(), userId: user.id, passwordHash, now: isoNow(now) });
  });
  return user;
}
