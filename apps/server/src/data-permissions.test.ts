import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productServers } from './testing/product-servers.ts';

const WARNING = 'data files are readable by other users';
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the data directory, database and secret', () => {
  const startProduct = productServers('data-permissions');
  const parent = mkdtempSync(join(tmpdir(), 'gatehouse-data-permissions-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('are created readable by their owner only, the SQLite -wal and -shm files too, without a warning', async () => {
    const dataDir = join(parent, 'fresh', 'data');
    const lines: string[] = [];
    const server = await startProduct({ DATA_DIR: dataDir }, (line) => lines.push(line));
    // A write, so SQLite has its -wal and -shm files in use.
    expect((await fetch(`${server.url}/api/auth/ok`)).status).toBe(200);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(parent, 'fresh'))).toBe(0o700);
    for (const file of ['gatehouse.sqlite', 'gatehouse.sqlite-wal', 'gatehouse.sqlite-shm', 'secret'])
      expect([file, modeOf(join(dataDir, file))]).toEqual([file, 0o600]);
    expect(lines.join('\n')).not.toContain(WARNING);
  });

  it('warn at start, naming the paths, when an existing database is open to other users', async () => {
    const dataDir = join(parent, 'loose');
    const first = await startProduct({ DATA_DIR: dataDir });
    await first.close();
    chmodSync(join(dataDir, 'gatehouse.sqlite'), 0o644);
    chmodSync(dataDir, 0o755);
    const lines: string[] = [];
    await startProduct({ DATA_DIR: dataDir }, (line) => lines.push(line));
    const warning = lines.find((line) => line.includes(WARNING));
    expect(warning).toContain(join(dataDir, 'gatehouse.sqlite'));
    expect(warning).toContain(dataDir);
    expect(warning).not.toContain(join(dataDir, 'secret'));
    // The operator's modes are theirs: warned about, not changed.
    expect(modeOf(join(dataDir, 'gatehouse.sqlite'))).toBe(0o644);
  });
});
