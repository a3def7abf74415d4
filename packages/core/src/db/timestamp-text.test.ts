import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import { timestamptzFromText } from './timestamp-text.ts';

describe('timestamptzFromText', () => {
  it.each([
    ['2026-11-27 12:34:56.789+00', '2026-11-27T12:34:56.789Z'],
    ['2026-11-27 12:34:56.78+00', '2026-11-27T12:34:56.780Z'],
    ['2026-11-27 12:34:56.7+00', '2026-11-27T12:34:56.700Z'],
    ['2026-11-27 12:34:56+00', '2026-11-27T12:34:56.000Z'],
    ['0099-01-01 00:00:00+00', '0099-01-01T00:00:00.000Z'],
  ])('answers UTC text to the millisecond as the ISO text of the same instant: %s', (text, iso) => {
    const read = timestamptzFromText(text);
    expect(read).toBe(iso);
    expect(new Date(iso).toISOString()).toBe(iso);
  });

  it.each([
    ['2026-11-27 13:34:56.789+01', '2026-11-27T12:34:56.789Z'],
    ['2026-11-27 12:34:56.789123+00', '2026-11-27T12:34:56.789Z'],
    ['2026-11-27 12:34:56+05:30', '2026-11-27T07:04:56.000Z'],
  ])('answers any other text as the Date pg makes: %s', (text, iso) => {
    const read = timestamptzFromText(text);
    expect(read).toBeInstanceOf(Date);
    expect((read as Date).toISOString()).toBe(iso);
  });

  it('leaves what is not a UTC time of four-digit years to pg', () => {
    expect(timestamptzFromText('infinity')).toBe(Number.POSITIVE_INFINITY);
    expect(timestamptzFromText('0044-03-15 00:00:00+00 BC')).toBeInstanceOf(Date);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('dates read from PostgreSQL', () => {
  it('arrive as the ISO text that was stored, or as a Date in another time zone', async () => {
    const database = await openTestDatabase('postgres');
    try {
      const stored = '2026-11-27T12:34:56.780Z';
      const utc = await sql<{ at: unknown }>`select ${stored}::timestamptz as at`.execute(database.db);
      expect(utc.rows[0]?.at).toBe(stored);
      const zoned = await database.db.connection().execute(async (db) => {
        await sql`set time zone 'Europe/Paris'`.execute(db);
        const { rows } = await sql<{ at: unknown }>`select ${stored}::timestamptz as at`.execute(db);
        await sql`set time zone 'UTC'`.execute(db);
        return rows[0]?.at;
      });
      expect(zoned).toBeInstanceOf(Date);
      expect((zoned as Date).toISOString()).toBe(stored);
    } finally {
      await database.close();
    }
  });
});
