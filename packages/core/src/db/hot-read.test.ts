import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../testing/test-database.ts';
import { hotRead, isHotReadText } from './hot-read.ts';
import { migrateDatabase } from './migrate.ts';
import type { AuthDatabase } from './schema.ts';

const sessionsOf = hotRead((db, v: { userId: string; limit: number }) =>
  db
    .selectFrom('session')
    .select(['id', 'token'])
    .where('userId', '=', v.userId)
    .orderBy('id')
    .limit(v.limit),
);

// Ordered and limited per key, and with a value that is the batch's rather than each key's.
const unexpiredOf = hotRead((db, v: { userId: string; now: string }) =>
  db
    .selectFrom('session')
    .select(['id', 'userId'])
    .where('userId', '=', v.userId)
    .where('expiresAt', '>', v.now)
    .orderBy('id')
    .limit(2),
).batchedBy({ userId: 'userId' });

const sessionOfPair = hotRead((db, v: { userId: string; token: string }) =>
  db
    .selectFrom('session')
    .select(['id', 'userId', 'token'])
    .where('userId', '=', v.userId)
    .where('token', '=', v.token),
).batchedBy({ userId: 'userId', token: 'token' });

const EARLY = '2026-01-01T00:00:00.000Z';
const LATE = '2026-06-01T00:00:00.000Z';

/** The database with its direct reads counted. */
function counted(database: AuthDatabase) {
  const reads: unknown[][] = [];
  const on: AuthDatabase = {
    ...database,
    selectAll: (text, parameters) => {
      reads.push([...parameters]);
      return database.selectAll(text, parameters);
    },
  };
  return { on, reads };
}

describe.each(testDialects())('hot reads (%s)', (dialect) => {
  let database: AuthDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateDatabase(database);
    const now = new Date().toISOString();
    for (const userId of ['u1', 'u2', 'u3']) {
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
            // The first expires between EARLY and LATE.
            expiresAt: i === 0 ? '2026-03-01T00:00:00.000Z' : '2027-01-01T00:00:00.000Z',
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

  it('answers what the same Kysely query answers, each call with its own values', async () => {
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
      expect(await sessionsOf.all(database.db, { userId, limit })).toEqual(expected);
      expect(await sessionsOf.all(database, { userId, limit })).toEqual(expected);
    }
    for (const on of [database, database.db]) {
      expect(await sessionsOf.first(on, { userId: 'u2', limit: 9 })).toEqual({ id: 'u2-s0', token: 'u2-t0' });
      expect(await sessionsOf.first(on, { userId: 'nobody', limit: 9 })).toBeUndefined();
    }
  });

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('session').where('id', '=', 'u1-s0').execute();
        const rows = await unexpiredOf.all(trx, { userId: 'u1', now: EARLY });
        expect(rows.map((row) => row.id)).toEqual(['u1-s1', 'u1-s2']);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await sessionsOf.all(database, { userId: 'u1', limit: 9 })).toHaveLength(3);
  });

  it('marks its text as a fixed one, so PostgreSQL keeps it as a named statement', async () => {
    const { sql } = database.db
      .selectFrom('session')
      .select(['id', 'token'])
      .where('userId', '=', 'x')
      .orderBy('id')
      .limit(1)
      .compile();
    expect(isHotReadText(sql)).toBe(true);
    expect(isHotReadText(`${sql} `)).toBe(false);
  });

  it('answers each read of a turn its own rows, in its order and limit, each key read once', async () => {
    const { on, reads } = counted(database);
    const [u1, u2, none, again, u3] = await Promise.all([
      unexpiredOf.all(on, { userId: 'u1', now: EARLY }),
      unexpiredOf.all(on, { userId: 'u2', now: EARLY }),
      unexpiredOf.all(on, { userId: 'nobody', now: EARLY }),
      unexpiredOf.all(on, { userId: 'u1', now: EARLY }),
      unexpiredOf.first(on, { userId: 'u3', now: EARLY }),
    ]);
    expect(u1.map((row) => row.id)).toEqual(['u1-s0', 'u1-s1']);
    expect(again).toEqual(u1);
    expect(u2.map((row) => row.id)).toEqual(['u2-s0', 'u2-s1']);
    expect(none).toEqual([]);
    expect(u3?.id).toBe('u3-s0');
    // PostgreSQL reads once, each key once (then the read's own limit); SQLite reads one by one
    // (its driver is synchronous), `first` through `selectFirst`.
    if (dialect === 'postgres') expect(reads).toEqual([[['u1', 'u2', 'nobody', 'u3'], EARLY, 2]]);
    else expect(reads).toHaveLength(4);
  });

  it('takes the values that are not keys from the turn’s last read', async () => {
    const { on } = counted(database);
    const [early, late] = await Promise.all([
      unexpiredOf.all(on, { userId: 'u1', now: EARLY }),
      unexpiredOf.all(on, { userId: 'u2', now: LATE }),
    ]);
    expect(late.map((row) => row.id)).toEqual(['u2-s1', 'u2-s2']);
    // On SQLite each read is its own, with its own time.
    expect(early.map((row) => row.id)).toEqual(
      dialect === 'postgres' ? ['u1-s1', 'u1-s2'] : ['u1-s0', 'u1-s1'],
    );
  });

  it('keys a batch by several values together', async () => {
    const { on, reads } = counted(database);
    const [hit, crossed, other] = await Promise.all([
      sessionOfPair.first(on, { userId: 'u1', token: 'u1-t1' }),
      sessionOfPair.first(on, { userId: 'u2', token: 'u1-t1' }),
      sessionOfPair.first(on, { userId: 'u2', token: 'u2-t0' }),
    ]);
    expect(hit).toEqual({ id: 'u1-s1', userId: 'u1', token: 'u1-t1' });
    expect(crossed).toBeUndefined();
    expect(other).toEqual({ id: 'u2-s0', userId: 'u2', token: 'u2-t0' });
    if (dialect === 'postgres') expect(reads).toHaveLength(1);
  });

  it('splits a turn of more than 100 keys, and starts a new batch in the next turn', async () => {
    const { on, reads } = counted(database);
    const keys = Array.from({ length: 150 }, (_, i) => (i === 7 ? 'u2' : `k${i}`));
    const answers = await Promise.all(keys.map((userId) => unexpiredOf.all(on, { userId, now: EARLY })));
    expect(answers.map((rows) => rows.length)).toEqual(keys.map((key) => (key === 'u2' ? 2 : 0)));
    await unexpiredOf.all(on, { userId: 'u3', now: EARLY });
    if (dialect === 'postgres')
      expect(reads.map(([batch]) => (batch as unknown[]).length)).toEqual([100, 50, 1]);
  });

  it('fails every read of a batch whose query failed', async () => {
    const failing: AuthDatabase = {
      ...database,
      selectAll: () => Promise.reject(new Error('database down')),
    };
    const settled = await Promise.allSettled([
      unexpiredOf.all(failing, { userId: 'u1', now: EARLY }),
      unexpiredOf.all(failing, { userId: 'u2', now: EARLY }),
    ]);
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
