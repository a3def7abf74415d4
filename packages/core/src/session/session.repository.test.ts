import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateId } from '../crypto/random.ts';
import { migrateDatabase } from '../db/migrate.ts';
import type { AuthDatabase } from '../db/schema.ts';
import { openTestDatabase, testDialects } from '../testing/test-database.ts';
import { insertUser } from '../user/user.repository.ts';
import { deleteSessionsOfUser, findSessionByToken, insertSession } from './session.repository.ts';

const NOW = new Date().toISOString();
const LATER = new Date(Date.now() + 86_400_000).toISOString();

describe.each(testDialects())('session repository (%s)', (dialect) => {
  let database: AuthDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateDatabase(database);
  });
  afterAll(() => database.close());

  async function userWithSessions(count: number): Promise<{ userId: string; tokens: string[] }> {
    const userId = generateId();
    await insertUser(database.db, {
      id: userId,
      name: 'Ada',
      email: `${userId}@example.com`,
      emailVerified: 0,
      image: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    const tokens: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const token = generateId();
      tokens.push(token);
      await insertSession(database.db, {
        id: generateId(),
        token,
        userId,
        expiresAt: LATER,
        createdAt: NOW,
        updatedAt: NOW,
        ipAddress: '',
        userAgent: '',
        impersonatedBy: null,
        authenticatedAt: NOW,
      });
    }
    return { userId, tokens };
  }

  it('deleteSessionsOfUser deletes that user’s sessions only and returns their tokens', async () => {
    const target = await userWithSessions(3);
    const other = await userWithSessions(1);
    const deleted = await deleteSessionsOfUser(database.db, target.userId);
    expect(deleted.toSorted()).toEqual(target.tokens.toSorted());
    for (const token of target.tokens) expect(await findSessionByToken(database.db, token)).toBeUndefined();
    expect(await findSessionByToken(database.db, other.tokens[0] ?? '')).toBeDefined();
    expect(await deleteSessionsOfUser(database.db, target.userId)).toEqual([]);
  });

  it('deleteSessionsOfUser in a transaction that fails deletes nothing', async () => {
    const target = await userWithSessions(2);
    const failed = database.db.transaction().execute(async (trx) => {
      expect(await deleteSessionsOfUser(trx, target.userId)).toHaveLength(2);
      throw new Error('a later write of the same transaction failed');
    });
    await expect(failed).rejects.toThrow('a later write');
    for (const token of target.tokens) expect(await findSessionByToken(database.db, token)).toBeDefined();
  });
});
