import type { Kysely } from 'kysely';
import { generateId } from '../../crypto/random.ts';
import type { Schema } from '../../db/schema.ts';
import { CREDENTIAL_PROVIDER } from '../../user/account.repository.ts';
import { accountsOfUsers, insertRows, membershipsOfUsers, userIdsByEmail } from './import.repository.ts';
import type { BatchCounts } from './import-summary.ts';
import type { PlannedUser } from './validate-records.ts';

export interface BatchContext {
  /** The source format, kept with the metadata. */
  from: string;
  /** Organization key → its id; null for one a dry run would create. */
  organizationIds: Map<string, string | null>;
  /** The user table has a `metadata` column to keep the source's metadata in. */
  metadataColumn: boolean;
  now: string;
  /** False in a dry run: read, count, write nothing. */
  write: boolean;
}

const BANNED_REASON = 'imported as blocked';

/**
 * One batch: new users with their accounts and memberships, and for users that exist only what
 * they lack (docs/protocol/import.md#31-matching-decision). Run inside the batch's transaction.
 */
export async function writeBatch(
  db: Kysely<Schema>,
  users: PlannedUser[],
  context: BatchContext,
): Promise<BatchCounts> {
  const existing = await userIdsByEmail(
    db,
    users.map((user) => user.email),
  );
  const existingIds = [...existing.values()];
  const held = new Set<string>();
  const withPassword = new Set<string>();
  for (const account of await accountsOfUsers(db, existingIds)) {
    held.add(`${account.userId}\u0000${account.providerId}\u0000${account.accountId}`);
    if (account.providerId === CREDENTIAL_PROVIDER) withPassword.add(account.userId);
  }
  const memberOf = new Set(
    (await membershipsOfUsers(db, existingIds)).map((m) => `${m.userId}\u0000${m.organizationId}`),
  );

  const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0, credential: 0, social: 0, members: 0 };
  const userRows: Record<string, unknown>[] = [];
  const accountRows: Record<string, unknown>[] = [];
  const memberRows: Record<string, unknown>[] = [];
  for (const user of users) {
    const known = existing.get(user.email);
    const userId = known ?? generateId();
    if (!known) userRows.push(userRow(userId, user, context));
    let added = false;
    if (user.password && !withPassword.has(userId)) {
      accountRows.push(accountRow(userId, CREDENTIAL_PROVIDER, userId, user.password.stored, context.now));
      counts.credential++;
      added = true;
    }
    for (const account of user.accounts) {
      if (held.has(`${userId}\u0000${account.providerId}\u0000${account.accountId}`)) continue;
      accountRows.push(accountRow(userId, account.providerId, account.accountId, null, context.now));
      counts.social++;
      added = true;
    }
    for (const membership of user.memberships) {
      const organizationId = context.organizationIds.get(membership.organization) ?? null;
      if (organizationId !== null && memberOf.has(`${userId}\u0000${organizationId}`)) continue;
      memberRows.push({
        id: generateId(),
        organizationId,
        userId,
        role: membership.role,
        createdAt: context.now,
      });
      counts.members++;
      added = true;
    }
    if (!known) counts.created++;
    else if (added) counts.updated++;
    else counts.unchanged++;
  }
  if (context.write) {
    await insertRows(db, 'user', userRows);
    await insertRows(db, 'account', accountRows);
    await insertRows(db, 'member', memberRows);
  }
  return counts;
}

/** The user row (docs/protocol/import.md#33-rows-written-decision); the same columns for every user, for multi-row inserts. */
function userRow(id: string, user: PlannedUser, context: BatchContext): Record<string, unknown> {
  return {
    id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified ? 1 : 0,
    image: user.image,
    createdAt: user.createdAt?.toISOString() ?? context.now,
    updatedAt: context.now,
    banned: user.ban ? 1 : 0,
    banReason: user.ban ? BANNED_REASON : null,
    banExpires: user.ban?.until?.toISOString() ?? null,
    ...(context.metadataColumn
      ? {
          metadata: user.metadata
            ? JSON.stringify({ import: { from: context.from, id: user.place.id, metadata: user.metadata } })
            : null,
        }
      : {}),
  };
}

function accountRow(
  userId: string,
  providerId: string,
  accountId: string,
  password: string | null,
  now: string,
): Record<string, unknown> {
  return {
    id: generateId(),
    accountId,
    providerId,
    userId,
    accessToken: null,
    refreshToken: null,
    idToken: null,
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scope: null,
    password,
    createdAt: now,
    updatedAt: now,
  };
}
