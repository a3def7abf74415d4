import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type AuthDatabase, connectDatabase, migrateDatabase } from '@gatehouse/core';
import { afterEach, describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
/** The real `gatehouse` command; in a checkout it runs the sources through tsx. */
const CLI = join(REPO_ROOT, 'apps/server/bin/gatehouse.mjs');
const FIXTURES = join(REPO_ROOT, 'packages/core/src/features/import/fixtures');
const BETTER_AUTH_SCRYPT =
  '3bf119b97837199f23450f01256486a3:fed363516865b0744100ee8d5975294a3c32af70b82333a29bf6becdbd73d7c45eba178e3508346851abe47de80bdf714d54a825308cead45901d84ea2251c93';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data directory with a migrated SQLite database, as the server leaves it. */
async function dataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-import-'));
  dirs.push(dir);
  const database = connectDatabase(join(dir, 'gatehouse.sqlite'));
  await migrateDatabase(database);
  await database.close();
  return dir;
}

async function withData<T>(dir: string, read: (database: AuthDatabase) => Promise<T>): Promise<T> {
  const database = connectDatabase(join(dir, 'gatehouse.sqlite'));
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

const userCount = (dir: string) =>
  withData(dir, async ({ db }) => (await db.selectFrom('user').select('email').execute()).length);

function gatehouse(args: string[], dir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  // Vitest sets BASE_URL for its own use; the others would point the command elsewhere.
  for (const name of ['DATABASE_URL', 'NODE_ENV', 'REDIS_URL', 'AUTH_SECRET', 'BASE_URL', 'PORT'])
    delete env[name];
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, exit, stdout: () => stdout, stderr: () => stderr };
}

/** The command's own lines on stderr (the runtime may add warnings of its own). */
const lines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('gatehouse:'));

// Each case starts the command through tsx: seconds apiece on a loaded machine.
describe('gatehouse import (the real command)', { timeout: 120_000 }, () => {
  it('an unknown --from, a missing FILE or a side file for another source: usage text and exit 2', async () => {
    const dir = await dataDir();
    const unknown = gatehouse(['import', '--from', 'okta', 'users.csv'], dir);
    const missing = gatehouse(['import', '--from', 'csv'], dir);
    const sideFile = gatehouse(['import', '--from', 'csv', '--hash-config', 'x.txt', 'users.csv'], dir);
    expect(await unknown.exit, unknown.stderr()).toBe(2);
    expect(await missing.exit, missing.stderr()).toBe(2);
    expect(await sideFile.exit, sideFile.stderr()).toBe(2);
    expect(unknown.stderr()).toContain('import --from auth0|clerk|supabase|firebase|keycloak|csv FILE');
    expect(missing.stderr()).toContain('Usage: gatehouse <command>');
    expect(sideFile.stderr()).toContain('Usage: gatehouse <command>');
  });

  it('--json: one summary document on stdout, progress on stderr, exit 0; again: nothing changes', async () => {
    const dir = await dataDir();
    const file = join(FIXTURES, 'users.csv');
    const first = gatehouse(['import', '--from', 'csv', '--json', file], dir);
    expect(await first.exit, first.stderr()).toBe(0);
    const summary = JSON.parse(first.stdout());
    expect(summary).toEqual({
      ok: true,
      dryRun: false,
      from: 'csv',
      file,
      total: 4,
      created: 4,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      accounts: { credential: 3, social: 3 },
      hashes: { bcrypt: 2, better_auth_scrypt: 1 },
      organizations: { created: 2, members: 3 },
      warnings: [],
      errors: [],
      durationMs: expect.any(Number),
    });
    expect(first.stderr()).toMatch(/^gatehouse: import: 4\/4 users \(100%\), \d+ users\/s$/m);
    const again = gatehouse(['import', '--from', 'csv', '--json', '--quiet', file], dir);
    expect(await again.exit, again.stderr()).toBe(0);
    expect(JSON.parse(again.stdout())).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 4 });
    expect(lines(again.stderr())).toEqual([]);
  });

  it('a file with errors: every error on stderr naming its record, the closing line, exit 1, nothing written', async () => {
    const dir = await dataDir();
    const file = join(dir, 'bad.csv');
    writeFileSync(
      file,
      'email,password_hash\nbob@example.com,md5-looking-thing\nalice@example.com,\nalice@example.com,\n',
    );
    const run = gatehouse(['import', '--from', 'csv', file], dir);
    expect(await run.exit, run.stderr()).toBe(1);
    expect(lines(run.stderr())).toEqual([
      'gatehouse: import: record 1 (line 2, bob@example.com): unknown password hash format',
      'gatehouse: import: record 2 (line 3, alice@example.com): duplicate email alice@example.com (also record 3)',
      'gatehouse: import: record 3 (line 4, alice@example.com): duplicate email alice@example.com (also record 2)',
      'gatehouse: import failed: 3 records have errors; nothing was imported',
    ]);
    expect(await userCount(dir)).toBe(0);
    const unreadable = gatehouse(['import', '--from', 'csv', '--json', join(dir, 'nope.csv')], dir);
    expect(await unreadable.exit, unreadable.stderr()).toBe(1);
    expect(JSON.parse(unreadable.stdout())).toMatchObject({
      ok: false,
      errors: [{ record: null, message: `cannot read ${join(dir, 'nope.csv')}: ENOENT` }],
    });
  });

  it('--dry-run counts and writes nothing; the text summary says so', async () => {
    const dir = await dataDir();
    const run = gatehouse(
      ['import', '--from', 'clerk', '--dry-run', '--quiet', join(FIXTURES, 'clerk.json')],
      dir,
    );
    expect(await run.exit, run.stderr()).toBe(0);
    expect(run.stdout()).toContain('Dry run, nothing written; would create 3 users');
    expect(await userCount(dir)).toBe(0);
  });

  it('export --to csv writes a file only its owner may read, which imports back changing nothing', async () => {
    const dir = await dataDir();
    const imported = gatehouse(['import', '--from', 'csv', '--quiet', join(FIXTURES, 'users.csv')], dir);
    expect(await imported.exit, imported.stderr()).toBe(0);
    const file = join(dir, 'export.csv');
    const exported = gatehouse(['export', '--to', 'csv', '--json', file], dir);
    expect(await exported.exit, exported.stderr()).toBe(0);
    expect(JSON.parse(exported.stdout())).toEqual({
      ok: true,
      to: 'csv',
      file,
      users: 4,
      passwords: { bcrypt: 2, better_auth_scrypt: 1 },
      warnings: [],
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('alice@example.com,true,Alice Archer');
    const back = gatehouse(['import', '--from', 'csv', '--json', '--quiet', file], dir);
    expect(await back.exit, back.stderr()).toBe(0);
    expect(JSON.parse(back.stdout())).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 4 });
    const wrong = gatehouse(['export', '--to', 'okta', file], dir);
    expect(await wrong.exit, wrong.stderr()).toBe(2);
  });

  it('a run killed between batches leaves whole batches; the same command again imports every user once', async () => {
    const dir = await dataDir();
    const file = join(dir, 'many.csv');
    const rows = Array.from({ length: 3000 }, (_, i) => `user${i}@example.com,${BETTER_AUTH_SCRYPT}`);
    writeFileSync(file, ['email,password_hash', ...rows].join('\n'));
    const killed = gatehouse(['import', '--from', 'csv', '--batch-size', '10', file], dir);
    // Killed as soon as the first batch is reported committed.
    await new Promise<void>((started) => {
      killed.child.stderr?.on('data', () => {
        if (/users \(/.test(killed.stderr())) started();
      });
    });
    killed.child.kill('SIGKILL');
    await killed.exit;
    const left = await userCount(dir);
    expect(left % 10).toBe(0);
    expect(left).toBeLessThan(3000);
    const resumed = gatehouse(['import', '--from', 'csv', '--json', '--quiet', file], dir);
    expect(await resumed.exit, resumed.stderr()).toBe(0);
    expect(JSON.parse(resumed.stdout())).toMatchObject({ ok: true, created: 3000 - left, unchanged: left });
    expect(await userCount(dir)).toBe(3000);
  });
});
