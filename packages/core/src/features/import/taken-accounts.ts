import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { holdersOfAccountIds } from './import.repository.ts';
import { type ImportProblem, recordProblem } from './import-record.ts';
import type { PlannedUser } from './validate-records.ts';

/**
 * A social identity already held by another Gatehouse user is a validation error: importing it
 * would move a sign-in method from one person to another
 * (docs/protocol/import.md#32-validation-first-then-batches-decision).
 */
export async function takenAccounts(db: Kysely<Schema>, users: PlannedUser[]): Promise<ImportProblem[]> {
  const wanted = new Map<string, PlannedUser>();
  for (const user of users)
    for (const account of user.accounts) wanted.set(`${account.providerId}\u0000${account.accountId}`, user);
  if (wanted.size === 0) return [];
  const accountIds = [...new Set(users.flatMap((user) => user.accounts.map((account) => account.accountId)))];
  const problems: ImportProblem[] = [];
  for (const holder of await holdersOfAccountIds(db, accountIds)) {
    const user = wanted.get(`${holder.providerId}\u0000${holder.accountId}`);
    if (user && user.email !== holder.email)
      problems.push(
        recordProblem(
          user.place,
          `${holder.providerId} account ${holder.accountId} already belongs to another user`,
        ),
      );
  }
  return problems;
}
