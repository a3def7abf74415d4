import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProductionCopy } from './testing/production-copy.ts';
import { type ServerProcess, startServerProcess } from './testing/server-process.ts';

const SECRET = 'production-build-test-secret-0123456789';

/**
 * `npm run build`, then `NODE_ENV=production npm start` in a directory holding only the build
 * output, the deployed files and what `npm ci --omit=dev` installs (no TypeScript sources, no
 * tsx): the journey a deployment makes.
 */
describe('production build', () => {
  let copy: string;
  let server: ServerProcess;
  /** npm's install marker's modification time before anything ran in the copy. */
  let installedAt: number;

  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), 'gatehouse-production-'));
    await buildProductionCopy(copy);
    // A lockfile newer than the install: development's `npm start` would install again here;
    // production must not install or build anything.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(copy, 'package-lock.json'), later, later);
    installedAt = statSync(join(copy, 'node_modules/.package-lock.json')).mtimeMs;
    server = await startServerProcess(
      { NODE_ENV: 'production', AUTH_SECRET: SECRET, RATE_LIMIT: 'off' },
      { command: { file: 'npm', args: ['start', '--silent'], cwd: copy } },
    );
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('holds compiled JavaScript, the built web app and the production packages only', () => {
    expect(existsSync(join(copy, 'apps/server/dist/main.js'))).toBe(true);
    expect(existsSync(join(copy, 'apps/server/dist/cli.js'))).toBe(true);
    expect(existsSync(join(copy, 'apps/web/dist/index.html'))).toBe(true);
    expect(existsSync(join(copy, 'apps/server/src'))).toBe(false);
    expect(existsSync(join(copy, 'packages'))).toBe(false);
    // npm left out what only development needs: the TypeScript loader and the bundlers.
    for (const tool of ['tsx', 'esbuild', 'vite', 'typescript', 'vitest'])
      expect(existsSync(join(copy, 'node_modules', tool)), tool).toBe(false);
    expect(existsSync(join(copy, 'node_modules/better-sqlite3'))).toBe(true);
    expect(existsSync(join(copy, 'node_modules/prom-client'))).toBe(true);
    expect(readlinkSync(join(copy, 'node_modules/.bin/gatehouse'))).toContain('bin/gatehouse.mjs');
    // `npm start` neither installed (the marker is as npm ci left it) nor built anything.
    expect(statSync(join(copy, 'node_modules/.package-lock.json')).mtimeMs).toBe(installedAt);
    expect(server.output()).not.toContain('installing dependencies');
  });

  it('serves the web app and answers a sign-up, sign-in, session and sign-out journey', async () => {
    const ready = await fetch(`${server.url}/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'off' });
    const page = await fetch(`${server.url}/account`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');

    const origin = `http://localhost:${server.port}`;
    const headers = { 'content-type': 'application/json', origin };
    const credentials = { email: 'built@example.com', password: 'correct horse battery' };
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Built', ...credentials }),
    });
    expect(signUp.status).toBe(200);
    // The password policy reads its list from beside the bundle.
    const common = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Weak', email: 'weak@example.com', password: 'password123' }),
    });
    expect(await common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });

    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify(credentials),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
    expect(await session.json()).toMatchObject({ user: { email: credentials.email } });
    const signOut = await fetch(`${server.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { ...headers, cookie },
    });
    expect(await signOut.json()).toEqual({ success: true });
    const after = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
    expect(await after.json()).toBeNull();
  });

  it('the gatehouse command, and npm run cli, run the compiled CLI without tsx and install nothing', () => {
    // No NODE_ENV: a deployment holds no sources, so the command takes the build by itself.
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: join(copy, 'cli-data') };
    const migrate = spawnSync(join(copy, 'node_modules/.bin/gatehouse'), ['migrate'], {
      cwd: copy,
      env,
      encoding: 'utf8',
    });
    expect(migrate.stderr).toBe('');
    expect(migrate.status).toBe(0);
    expect(migrate.stdout).toContain('0001-core-tables');
    const list = spawnSync('npm', ['run', 'cli', '--silent', '--', 'config', 'check', '--json'], {
      cwd: copy,
      env: { ...env, AUTH_SECRET: SECRET },
      encoding: 'utf8',
    });
    expect(list.stderr).toBe('');
    expect(list.status).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({ ok: true, config: { secret: '********' } });
    expect(statSync(join(copy, 'node_modules/.package-lock.json')).mtimeMs).toBe(installedAt);
  });

  it('refuses to start in production without a build, naming the command to run', () => {
    const bare = mkdtempSync(join(tmpdir(), 'gatehouse-unbuilt-'));
    try {
      mkdirSync(join(bare, 'scripts'));
      copyFileSync(join(copy, 'scripts/start.mjs'), join(bare, 'scripts/start.mjs'));
      const run = spawnSync(process.execPath, [join(bare, 'scripts/start.mjs')], {
        cwd: bare,
        env: { PATH: process.env.PATH, NODE_ENV: 'production' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('run `npm run build` first');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
