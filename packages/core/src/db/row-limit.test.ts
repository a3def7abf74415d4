import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import { migrateDatabase } from './migrate.ts';
import { rowLimit } from './row-limit.ts';

const sourceRoot = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('rowLimit', () => {
  it('writes the limit into the SQL, so SQLite runs the cached statement without planning it again', async () => {
    const database = await openTestDatabase('sqlite');
    try {
      await migrateDatabase(database);
      const query = database.db.selectFrom('user').select('id').limit(rowLimit(25)).compile();
      expect(query.sql).toMatch(/limit 25$/);
      expect(query.parameters).toEqual([]);
      expect(await database.db.selectFrom('user').select('id').limit(rowLimit(0)).execute()).toEqual([]);
      // Past the largest exact count it means every row, as a bound limit that large would.
      const huge = database.db.selectFrom('user').select('id').limit(rowLimit(1e300)).compile();
      expect(huge.sql).toMatch(/limit 9007199254740991$/);
    } finally {
      await database.close();
    }
  });

  it('takes whole numbers only: anything else is a mistake of the caller', () => {
    expect(() => rowLimit(1.5)).toThrow(RangeError);
    expect(() => rowLimit(-1)).toThrow(RangeError);
    expect(() => rowLimit(Number.NaN)).toThrow(RangeError);
    expect(() => rowLimit(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('is how every LIMIT in the engine is written: a bound one costs a new plan on every run', () => {
    const bound = sourceFiles(sourceRoot)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ where: `${relative(sourceRoot, file)}:${index + 1}`, line })),
      )
      .filter(({ line }) => /\.limit\((?!rowLimit\()/.test(line) || /\blimit \$\{/i.test(line));
    expect(bound.map(({ where }) => where)).toEqual([]);
  });
});
