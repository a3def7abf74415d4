import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type AuthDatabase, connectDatabase, createAuth } from '@gatehouse/core';
import { present } from '@gatehouse/core/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bundleServer } from '../../../scripts/bundle-server.mjs';
import { freePort } from './testing/free-port.ts';
import { createTestSchema } from './testing/test-schema.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const MAIN = 'apps/server/src/main.ts';
/** The `gatehouse` command: in a checkout it runs the TypeScript sources through tsx. */
const CLI = 'apps/server/bin/gatehouse.mjs';

/**
 * The same command as `npm run build` compiles it (what a deployment's `gatehouse` runs): for the
 * cases that run it many times. Through tsx each process spends seconds of CPU compiling the
 * sources, and on a loaded 2-core machine a case of eight commands outran its two minutes; the
 * bundle starts in a fraction of that. The tsx path keeps cases of its own (migrate, usage, the
 * installed bin, configuration errors). Built once, inside node_modules so that the packages the
 * bundle leaves as imports resolve from it.
 */
let bundledCli: Promise<string> | undefined;
const bundleDir = join(REPO_ROOT, 'node_modules/.cache', `gatehouse-cli-test-${process.pid}`);
function builtCli(): Promise<string> {
  bundledCli ??= bundleServer(bundleDir).then(() => join(bundleDir, 'cli.js'));
  return bundledCli;
}

/** Settings the test environment might carry that would change what the process reads. */
const CONFIG_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'BASE_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'AUTH_SECRET',
  'BETTER_AUTH_SECRET',
  'TRUSTED_ORIGINS',
  'REDIS_URL',
  'SESSION_EXPIRES_IN',
  'SESSION_UPDATE_AGE',
  'SESSION_FRESH_AGE',
  'SESSION_COOKIE_CACHE_MAX_AGE',
  'SMTP_URL',
  'MAIL_FROM',
  'RATE_LIMIT',
  'REQUIRE_EMAIL_VERIFICATION',
  'ACCOUNT_DELETION',
  'IP_ADDRESS_HEADERS',
  'ADMIN_EMAILS',
  'JWT',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'METRICS_TOKEN',
];

interface Spawned {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<Spawned>();
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-server-'));
  tempDirs.push(dir);
  return dir;
}

/** Runs a TypeScript entry point through tsx, a JavaScript one on node, or an executable as it is. */
function run(script: string, args: string[], env: Record<string, string>): Spawned {
  const base = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete base[name];
  const [file, ...prefix] = script.endsWith('.ts')
    ? [process.execPath, '--import', 'tsx', script]
    : /\.m?js$/.test(script)
      ? [process.execPath, script]
      : [script];
  const child = spawn(file, [...prefix, ...args], {
    cwd: REPO_ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => done({ code, signal }));
  });
  const spawned: Spawned = { child, stdout: () => out, stderr: () => err, exit };
  running.add(spawned);
  exit.then(() => running.delete(spawned));
  return spawned;
}

/** Polls GET /ready until it answers 200, failing fast if the process dies first. */
// Generous: a loaded 2-core machine takes several seconds to start a process through tsx.
async function waitUntilReady(server: Spawned, url: string, timeoutMs = 45_000): Promise<Response> {
  let exited = false;
  server.exit.then(() => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was ready:\n${server.stderr()}`);
    try {
      const response = await fetch(`${url}/ready`);
      if (response.status === 200) return response;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server was not ready within ${timeoutMs} ms:\n${server.stderr()}`);
}

/**
 * Waits until the server's stdout holds `text`: the logger writes its lines in batches every 50 ms
 * (observability/batched-output.ts), so a line may still be pending when a request has been answered.
 */
async function untilLogged(server: Spawned, text: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!server.stdout().includes(text)) {
    if (Date.now() > deadline)
      throw new Error(`stdout never held ${JSON.stringify(text)}:\n${server.stdout()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return server.stdout();
}

async function stop(server: Spawned) {
  server.child.kill('SIGTERM');
  return server.exit;
}

afterEach(async () => {
  await Promise.all([...running].map(stop));
});

afterAll(() => {
  for (const dir of [...tempDirs, bundleDir]) rmSync(dir, { recursive: true, force: true });
});

describe('the server process (node --import tsx apps/server/src/main.ts)', { timeout: 120_000 }, () => {
  it('starts on PORT with DATA_DIR and answers /ready, /health, / and /api/auth/ok', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const url = `http://127.0.0.1:${port}`;
    const server = run(MAIN, [], { PORT: String(port), DATA_DIR: dataDir });

    const ready = await waitUntilReady(server, url);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'off' });

    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    // `/` is the web app when it was built as the server started (npm start builds it first), else
    // a short text page. Which one is not this test's to know: a browser suite in another worker
    // may be building the app right now. web-app.test.ts pins each case down.
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    const html = /^text\/html/.test(home.headers.get('content-type') ?? '');
    if (!html) expect(home.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await home.text()).toContain(html ? '<div id="root">' : '/api/auth');

    const ok = await fetch(`${url}/api/auth/ok`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });

    // Development logs are readable lines: the message, then its fields as key=value.
    const logged = await untilLogged(
      server,
      `INFO  listening port=${port} publicURL=http://localhost:${port}`,
    );
    expect(logged).toMatch(/INFO {2}applied migrations migrations=\["0001-core-tables"/);
    expect(statSync(join(dataDir, 'gatehouse.sqlite')).isFile()).toBe(true);
  });

  it('SIGTERM shuts the server down with exit code 0', async () => {
    const port = await freePort();
    const server = run(MAIN, [], { PORT: String(port), DATA_DIR: tempDir() });
    await waitUntilReady(server, `http://127.0.0.1:${port}`);
    expect(await stop(server)).toEqual({ code: 0, signal: null });
  });

  it('creates a 0600 secret file in DATA_DIR and reuses it after a restart, so an old session cookie still works', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir };

    const first = run(MAIN, [], env);
    await waitUntilReady(first, url);
    const secretPath = join(dataDir, 'secret');
    expect(statSync(secretPath).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretPath, 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);

    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'restart@example.com', password: 'correct horse battery', name: 'R' }),
    });
    expect(signUp.status).toBe(200);
    const tokenCookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('better-auth.session_token='));
    expect(tokenCookie).toBeDefined();
    expect(await stop(first)).toEqual({ code: 0, signal: null });

    const second = run(MAIN, [], env);
    await waitUntilReady(second, url);
    // Logged before `listening`, so once that line is out this one would be too.
    expect(await untilLogged(second, 'listening')).not.toContain('applied migrations');
    expect(readFileSync(secretPath, 'utf8').trim()).toBe(secret);

    // Only the signed token cookie: the signature must verify with the secret read back from disk.
    const session = await fetch(`${url}/api/auth/get-session`, { headers: { cookie: present(tokenCookie) } });
    expect(session.status).toBe(200);
    const body = (await session.json()) as { user: { email: string } } | null;
    expect(body?.user.email).toBe('restart@example.com');

    // The same token with one signature character changed is treated as no cookie.
    const signed = decodeURIComponent(present(tokenCookie).slice(present(tokenCookie).indexOf('=') + 1));
    const dot = signed.lastIndexOf('.');
    const flipped = signed[dot + 1] === 'A' ? 'B' : 'A';
    const forged = `${signed.slice(0, dot + 1)}${flipped}${signed.slice(dot + 2)}`;
    const tampered = `better-auth.session_token=${encodeURIComponent(forged)}`;
    const rejected = await fetch(`${url}/api/auth/get-session`, { headers: { cookie: tampered } });
    expect(await rejected.json()).toBeNull();
  }, 40_000);

  it('malformed settings stop the process with exit code 1 and one configuration error line per bad variable', async () => {
    const server = run(MAIN, [], { PORT: 'abc', SESSION_UPDATE_AGE: 'x', DATA_DIR: tempDir() });
    expect(await server.exit).toEqual({ code: 1, signal: null });
    const lines = server
      .stderr()
      .split('\n')
      .filter((line) => line.includes('configuration error'));
    expect(lines).toHaveLength(2);
    expect(lines.filter((line) => line.includes('PORT:'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('SESSION_UPDATE_AGE:'))).toHaveLength(1);
    expect(server.stdout()).not.toContain('listening');
  });
});

// Each case starts fresh processes (node + tsx, or the bundle): seconds apiece on a loaded machine.
describe('the CLI (the gatehouse command, apps/server/bin/gatehouse.mjs)', { timeout: 60_000 }, () => {
  it('migrate applies the migrations, and a second run says the database is up to date', async () => {
    const dataDir = tempDir();
    const firstRun = run(CLI, ['migrate'], { DATA_DIR: dataDir });
    expect(await firstRun.exit).toEqual({ code: 0, signal: null });
    expect(firstRun.stdout().trim()).toMatch(/^Applied: 0001-core-tables(, \d{4}-[a-z-]+)*$/);
    expect(statSync(join(dataDir, 'gatehouse.sqlite')).isFile()).toBe(true);

    const secondRun = run(CLI, ['migrate'], { DATA_DIR: dataDir });
    expect(await secondRun.exit).toEqual({ code: 0, signal: null });
    expect(secondRun.stdout().trim()).toBe('Database is up to date.');
  });

  it('an unknown command (through npm run cli) prints the usage and exits with code 2', async () => {
    const cli = run('npm', ['run', 'cli', '--silent', '--', 'frobnicate'], { DATA_DIR: tempDir() });
    expect(await cli.exit).toEqual({ code: 2, signal: null });
    expect(cli.stderr()).toContain('Usage: gatehouse <command>');
    expect(cli.stderr()).toContain('migrate');
  });

  it('no command (the installed gatehouse bin) prints the usage and exits with code 0', async () => {
    const cli = run(join(REPO_ROOT, 'node_modules/.bin/gatehouse'), [], { DATA_DIR: tempDir() });
    expect(await cli.exit).toEqual({ code: 0, signal: null });
    expect(cli.stderr()).toContain('Usage: gatehouse <command>');
  });

  it('config check --json answers the masked configuration with 0, or every problem with 1', async () => {
    const good = run(CLI, ['config', 'check', '--json'], {
      DATA_DIR: tempDir(),
      AUTH_SECRET: 'a-secret-the-cli-must-never-print-0123456789',
    });
    expect(await good.exit).toEqual({ code: 0, signal: null });
    const report = JSON.parse(good.stdout());
    expect(report).toMatchObject({ ok: true, problems: [], config: { port: 3000, secret: '********' } });
    expect(good.stdout()).not.toContain('never-print');

    const bad = run(CLI, ['config', 'check', '--json'], {
      DATA_DIR: tempDir(),
      PORT: 'abc',
      LOG_FORMAT: 'xml',
    });
    expect(await bad.exit).toEqual({ code: 1, signal: null });
    expect(JSON.parse(bad.stdout())).toMatchObject({
      ok: false,
      config: null,
      problems: [expect.stringContaining('PORT:'), expect.stringContaining('LOG_FORMAT:')],
    });
  });

  it('users list and show --json read the database; no such user exits 1, a bad command line 2', async () => {
    const bundle = await builtCli();
    const dataDir = tempDir();
    const admin = run(
      bundle,
      ['create-admin', '--email', 'ops@example.com', '--password', 'a long operator password'],
      { DATA_DIR: dataDir },
    );
    expect(await admin.exit).toEqual({ code: 0, signal: null });
    const list = run(bundle, ['users', 'list', '--json'], { DATA_DIR: dataDir });
    expect(await list.exit).toEqual({ code: 0, signal: null });
    expect(JSON.parse(list.stdout())).toEqual([
      expect.objectContaining({ email: 'ops@example.com', role: 'admin' }),
    ]);
    const missing = run(bundle, ['users', 'show', 'nobody@example.com', '--json'], { DATA_DIR: dataDir });
    expect(await missing.exit).toEqual({ code: 1, signal: null });
    expect(JSON.parse(missing.stdout())).toEqual({ error: 'USER_NOT_FOUND', key: 'nobody@example.com' });
    const wrong = run(bundle, ['users', 'list', '--limit', 'many'], { DATA_DIR: dataDir });
    expect(await wrong.exit).toEqual({ code: 2, signal: null });
    expect(wrong.stderr()).toContain('Usage: gatehouse <command>');
  }, 60_000);

  it('a command on a database without tables exits 1 and says to migrate first', async () => {
    const cli = run(CLI, ['users', 'list'], { DATA_DIR: tempDir() });
    expect(await cli.exit).toEqual({ code: 1, signal: null });
    expect(cli.stderr()).toContain('run `gatehouse migrate` (or start the server) first');
  });

  it('users ban, unban and delete and sessions revoke act through the engine, by email or id', async () => {
    const bundle = await builtCli();
    const dataDir = tempDir();
    const cli = async (args: string[], code = 0) => {
      const spawned = run(bundle, args, { DATA_DIR: dataDir });
      expect(await spawned.exit).toEqual({ code, signal: null });
      return spawned;
    };
    await cli(['create-admin', '--email', 'target@example.com', '--password', 'a long target password']);
    const banned = await cli([
      'users',
      'ban',
      'target@example.com',
      '--reason',
      'spam',
      '--days',
      '2',
      '--json',
    ]);
    expect(JSON.parse(banned.stdout())).toMatchObject({ email: 'target@example.com', result: 'banned' });
    const shown = JSON.parse((await cli(['users', 'show', 'target@example.com', '--json'])).stdout());
    expect(shown).toMatchObject({ banned: true, banReason: 'spam' });
    expect(Date.parse(shown.banExpires) - Date.now()).toBeGreaterThan(86_400_000);
    expect((await cli(['users', 'unban', shown.id])).stdout()).toContain('target@example.com: unbanned');
    expect((await cli(['sessions', 'revoke', '--user', shown.id])).stdout()).toContain('0 session(s) ended');
    await cli(['users', 'delete', 'target@example.com'], 2);
    await cli(['users', 'delete', 'target@example.com', '--yes']);
    await cli(['users', 'ban', 'target@example.com'], 1);
  }, 120_000);

  it('create-admin refuses an account nobody verified (exit 1); --take-over ends its sessions first', async () => {
    const bundle = await builtCli();
    const dataDir = tempDir();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: join(dataDir, 'gatehouse.sqlite'),
      AUTH_SECRET: 'a-create-admin-test-secret-of-32-characters',
    };
    expect(await run(bundle, ['migrate'], env).exit).toEqual({ code: 0, signal: null });
    // Someone registers the operator's address first, unverified, through an engine on the same file.
    const database = connectDatabase(env.DATABASE_URL);
    try {
      const auth = createAuth({
        secret: env.AUTH_SECRET,
        baseURL: 'http://localhost:3000',
        database,
        admin: { enabled: true },
        rateLimit: { enabled: false },
        logError: () => {},
      });
      const call = (path: string, body?: object, cookie = '') =>
        auth.handler(
          new Request(`http://localhost:3000/api/auth${path}`, {
            method: body ? 'POST' : 'GET',
            headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie },
            body: body && JSON.stringify(body),
          }),
        );
      const email = 'ops@example.com';
      const signUp = await call('/sign-up/email', { email, password: 'squatter password 1', name: 'S' });
      const squatter = signUp.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const listUsers = async () => (await call('/admin/list-users', undefined, squatter)).status;
      expect(await listUsers()).toBe(403);

      const args = ['create-admin', '--email', email, '--password', 'a long operator password'];
      const refused = run(bundle, args, env);
      expect(await refused.exit).toEqual({ code: 1, signal: null });
      expect(refused.stderr()).toContain(`${email} is an existing account whose address was never verified`);
      expect(refused.stderr()).toContain('Nothing changed.');
      expect(await listUsers()).toBe(403);

      const claimed = run(bundle, [...args, '--take-over'], env);
      expect(await claimed.exit).toEqual({ code: 0, signal: null });
      expect(claimed.stdout()).toContain(
        `Took over ${email}: 1 session(s) ended, 0 passkey(s) removed, two-factor was not set up, linked accounts removed: none.`,
      );
      expect(await listUsers()).toBe(401);
      const operator = await call('/sign-in/email', { email, password: 'a long operator password' });
      expect(operator.status).toBe(200);
      expect((await operator.json()).user).toMatchObject({ email, emailVerified: true, role: 'admin' });
    } finally {
      await database.close();
    }
  }, 120_000);

  it('migrate with a malformed DATABASE_URL exits with code 1 and a configuration error line', async () => {
    const cli = run(CLI, ['migrate'], { DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' });
    expect(await cli.exit).toEqual({ code: 1, signal: null });
    const lines = cli
      .stderr()
      .split('\n')
      .filter((line) => line.includes('configuration error'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('DATABASE_URL:');
  });
});

const databaseURL = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseURL)('the CLI on PostgreSQL', () => {
  it('runs every command through DATABASE_URL, and sessions revoke signs a signed-in user out', async () => {
    const bundle = await builtCli();
    const schema = await createTestSchema(databaseURL ?? '');
    const env = { DATA_DIR: tempDir(), DATABASE_URL: schema.url };
    let database: AuthDatabase | undefined;
    try {
      // One process per command: the in-process tests (cli/cli.test.ts) cover each command's logic.
      const cli = async (args: string[]) => {
        const spawned = run(bundle, args, env);
        expect(await spawned.exit, `${args.join(' ')}: ${spawned.stderr()}`).toEqual({
          code: 0,
          signal: null,
        });
        return spawned.stdout();
      };
      await cli(['migrate']);
      await cli(['create-admin', '--email', 'pg-admin@example.com', '--password', 'a long admin password']);

      // A person signed in on two devices, through an engine on the same schema with the admin
      // feature as the product has it (no cookie cache: every session read goes to the database).
      database = connectDatabase(schema.url);
      const auth = createAuth({
        secret: 'a-cli-postgres-test-secret-of-32-characters',
        baseURL: 'http://localhost:3000',
        database,
        admin: { enabled: true },
        rateLimit: { enabled: false },
        session: { cookieCache: { enabled: false } },
        logError: () => {},
      });
      const call = async (path: string, body?: object, cookie = '') => {
        const response = await auth.handler(
          new Request(`http://localhost:3000/api/auth${path}`, {
            method: body ? 'POST' : 'GET',
            headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie },
            body: body && JSON.stringify(body),
          }),
        );
        const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
        return { body: await response.json(), cookie: cookies.join('; ') };
      };
      const person = { email: 'pg-person@example.com', password: 'correct horse battery' };
      const laptop = (await call('/sign-up/email', { ...person, name: 'Person' })).cookie;
      const phone = (await call('/sign-in/email', person)).cookie;
      const signedIn = async (cookie: string) =>
        (await call('/get-session', undefined, cookie)).body !== null;
      expect([await signedIn(laptop), await signedIn(phone)]).toEqual([true, true]);

      expect(
        JSON.parse(await cli(['users', 'list', '--json'])).map((user: { email: string }) => user.email),
      ).toEqual(['pg-person@example.com', 'pg-admin@example.com']);
      expect(JSON.parse(await cli(['users', 'show', person.email, '--json']))).toMatchObject({
        email: person.email,
        accounts: ['credential'],
        activeSessions: 2,
        banned: false,
      });
      expect(await cli(['sessions', 'revoke', '--user', person.email])).toContain('2 session(s) ended');
      expect([await signedIn(laptop), await signedIn(phone)]).toEqual([false, false]);

      expect(await cli(['users', 'ban', 'pg-admin@example.com'])).toContain('pg-admin@example.com: banned');
      expect(await schema.query('select email, banned from "user" order by email')).toEqual([
        { email: 'pg-admin@example.com', banned: true },
        { email: 'pg-person@example.com', banned: false },
      ]);
      expect(await cli(['users', 'unban', 'pg-admin@example.com'])).toContain(
        'pg-admin@example.com: unbanned',
      );
      expect(
        await schema.query('select banned from "user" where email = $1', ['pg-admin@example.com']),
      ).toEqual([{ banned: false }]);
      await cli(['users', 'delete', person.email, '--yes']);
      expect(await schema.query('select email from "user"')).toEqual([{ email: 'pg-admin@example.com' }]);
      expect(
        await schema.query(
          'select count(*)::int as n from account where "userId" not in (select id from "user")',
        ),
      ).toEqual([{ n: 0 }]);
      expect((await call('/sign-in/email', person)).body).toMatchObject({
        code: 'INVALID_EMAIL_OR_PASSWORD',
      });

      const report = JSON.parse(await cli(['config', 'check', '--json']));
      expect(report).toMatchObject({ ok: true, problems: [], config: { databaseURL: schema.url } });
    } finally {
      await database?.close();
      await schema.drop();
    }
  }, 180_000);
});
