// `npm run bench:import -- [--users 100000] [--batch-size 500]`: how fast `gatehouse import` writes
// users on SQLite (docs/protocol/import.md#11-performance). A generic CSV of `--users` rows is made in
// a temporary directory, every row with the same Better Auth scrypt hash (hashed once by the engine's
// hasher: the import never hashes, so the value does not change the cost). Two runs, each on a fresh
// database through the real `gatehouse` command: one whole, and one killed (SIGKILL) once a third of
// the users are in, then run again, which must finish the rest and leave every user exactly once.
// Prints users/s and the total time of each. A bench, not a test: bench/README.md#import.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { connectDatabase, hashPassword, migrateDatabase } from '@gatehouse/core';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { users: { type: 'string', default: '100000' }, 'batch-size': { type: 'string', default: '500' } },
});
const USERS = Number(values.users);
const BATCH = Number(values['batch-size']);
if (!Number.isInteger(USERS) || USERS < 1 || !Number.isInteger(BATCH) || BATCH < 1) {
  console.error('bench:import: --users and --batch-size are whole numbers');
  process.exit(2);
}

const CLI = resolve(import.meta.dirname, '../apps/server/bin/gatehouse.mjs');
const work = mkdtempSync(join(tmpdir(), 'gatehouse-bench-import-'));

async function freshDataDir(name: string): Promise<string> {
  const dir = join(work, name);
  mkdirSync(dir);
  const database = connectDatabase(join(dir, 'gatehouse.sqlite'));
  await migrateDatabase(database);
  await database.close();
  return dir;
}

async function usersIn(dir: string): Promise<{ rows: number; distinct: number }> {
  const database = connectDatabase(join(dir, 'gatehouse.sqlite'));
  try {
    const rows = await database.db.selectFrom('user').select('email').execute();
    return { rows: rows.length, distinct: new Set(rows.map((row) => row.email)).size };
  } finally {
    await database.close();
  }
}

/** Runs the import command; `stopAt` kills it once the progress line reports that many users. */
function runImport(dir: string, file: string, stopAt?: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [CLI, 'import', '--from', 'csv', '--json', '--batch-size', String(BATCH), file],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    const done = [...String(chunk).matchAll(/import: (\d+)\//g)].map((match) => Number(match[1]));
    if (stopAt !== undefined && done.some((count) => count >= stopAt)) child.kill('SIGKILL');
  });
  return new Promise<{ code: number | null; seconds: number; summary: Record<string, unknown> | null }>(
    (done) => {
      child.once('exit', (code) => {
        const seconds = (performance.now() - started) / 1000;
        let summary: Record<string, unknown> | null = null;
        try {
          summary = JSON.parse(stdout);
        } catch {
          summary = null;
        }
        done({ code, seconds, summary });
      });
    },
  );
}

const report = (label: string, users: number, seconds: number) =>
  console.log(`${label}: ${users} users in ${seconds.toFixed(1)} s, ${Math.round(users / seconds)} users/s`);

try {
  const hash = await hashPassword('bench-import-password');
  const file = join(work, 'users.csv');
  const rows = Array.from({ length: USERS }, (_, i) => `user${i}@bench.example.com,User ${i},${hash}`);
  writeFileSync(file, `email,name,password_hash\n${rows.join('\n')}\n`);
  console.log(`bench:import: ${USERS} users, batches of ${BATCH}, SQLite, through the gatehouse command`);

  const whole = await runImport(await freshDataDir('whole'), file);
  if (whole.code !== 0 || whole.summary?.created !== USERS)
    throw new Error(`the whole run failed: ${JSON.stringify(whole.summary)}`);
  report('whole run (process start included)', USERS, whole.seconds);

  const resumedDir = await freshDataDir('resumed');
  const killed = await runImport(resumedDir, file, Math.ceil(USERS / 3));
  const left = await usersIn(resumedDir);
  if (left.rows % BATCH !== 0 && left.rows !== USERS)
    throw new Error(`a killed run left ${left.rows} users: not whole batches`);
  report(`killed run (SIGKILL, exit ${killed.code})`, left.rows, killed.seconds);
  const resumed = await runImport(resumedDir, file);
  const after = await usersIn(resumedDir);
  if (resumed.code !== 0 || after.rows !== USERS || after.distinct !== USERS)
    throw new Error(`the resumed run left ${after.rows} users (${after.distinct} distinct)`);
  report(
    `resumed run (${left.rows} already in, ${USERS - left.rows} created)`,
    USERS - left.rows,
    resumed.seconds,
  );
  console.log(`killed + resumed total: ${(killed.seconds + resumed.seconds).toFixed(1)} s; every user once`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
