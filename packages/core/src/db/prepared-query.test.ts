import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../testing/test-database.ts';
import { migrateDatabase } from './migrate.ts';
import { isPreparedText, prepared } from './prepared-query.ts';
import type { AuthDatabase } from './schema.ts';

const sessionsOf = prepared((db, v: { userId: string; limit: number }) =>
  db
    .selectFrom('session')
    .select(['id', 'token'])
    .where('userId', '=', v.userId)
    .orderBy('id')
    .limit(v.limit),
);

describe.each(testDialects())('prepared queries (%s)', (dialect) => {
  let database: AuthDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateDatabase(database);
    const now = new Date().toISOString();
    for (const userId of ['u1', 'u2']) {
      await database.db
        .insertInto('user')
        .values({
          id: userId,
          name: userId,
          email: `${userId}@example.com`,
          emailVerified: dialect === 'postgres' ? false : 0,
          createdAt: now,
          updatedAt: now,
        } as never)
        .execute();
      for (let i = 0; i < 3; i++) {
        await database.db
          .insertInto('session')
          .values({
            id: `${userId}-s${i}`,
            token: `${userId}-t${i}`,
            userId,
            expiresAt: now,
            createdAt: now,
            updatedAt: now,
            ipAddress: '',
            userAgent: '',
          } as never)
          .execute();
      }
    }
  });
  afterAll(() => database.close());

  it('answers what the same Kysely query answers, with each call its own values', async () => {
    for (const [userId, limit] of [
      ['u1', 2],
      ['u2', 3],
      ['u1', 1],
      ['nobody', 5],
    ] as const) {
      const expected = await database.db
        .selectFrom('session')
        .select(['id', 'token'])
        .where('userId', '=', userId)
        .orderBy('id')
        .limit(limit)
        .execute();
      expect(await sessionsOf(database.db, { userId, limit }).execute()).toEqual(expected);
    }
    expect(await sessionsOf(database.db, { userId: 'u2', limit: 9 }).executeTakeFirst()).toEqual({
      id: 'u2-s0',
      token: 'u2-t0',
    });
  });

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('session').where('id', '=', 'u1-s0').execute();
        expect((await sessionsOf(trx, { userId: 'u1', limit: 9 }).execute()).map((row) => row.id)).toEqual([
          'u1-s1',
          'u1-s2',
        ]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await sessionsOf(database.db, { userId: 'u1', limit: 9 }).execute()).toHaveLength(3);
  });

  it('marks its text as a fixed one, so PostgreSQL keeps it as a named statement', async () => {
    const { sql } = database.db
      .selectFrom('session')
      .select(['id', 'token'])
      .where('userId', '=', 'x')
      .orderBy('id')
      .limit(1)
      .compile();
    expect(isPreparedText(sql)).toBe(true);
    expect(isPreparedText(`${sql} `)).toBe(false);
  });
});
