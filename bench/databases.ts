// Each server under test gets a database of its own: a temporary SQLite file in its data directory,
// or a fresh database on the local PostgreSQL, created before it starts and dropped after it stops.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface BenchDatabase {
  /** What the server receives as DATABASE_URL. */
  url: string;
  kind: DatabaseKind;
  drop(): Promise<void>;
}

export async function createDatabase(
  kind: DatabaseKind,
  label: string,
  adminUrl: string,
): Promise<BenchDatabase> {
  if (kind === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), `gatehouse-bench-${label}-db-`));
    return { kind, url: join(dir, `${label}.sqlite`), drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
