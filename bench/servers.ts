// Starts and stops the servers under test as child processes, one fresh data directory each.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchDatabase } from './databases.ts';

/** `bare` is plain node:http answering constant bodies: the ceiling of the machine, not a contender. */
export type ServerKind = 'gatehouse' | 'peer' | 'bare';

export interface RunningServer {
  kind: ServerKind;
  cookieCache: boolean;
  baseUrl: string;
  /** The server's process id, to read its CPU time (bench/cpu-cost.ts). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface StartOptions {
  cookieCache: boolean;
  /** The server's database (none for `bare`). Both cookie-cache instances of a kind share one. */
  database?: BenchDatabase;
  /** Extra flags for node, such as `--cpu-prof` (bench/profile.ts). */
  nodeFlags?: string[];
  /** Extra environment for this server (bench/cpu-cost.ts compares variants). */
  env?: Record<string, string>;
  /** For `bare`: the constant answers, keyed by `<METHOD> <path>`. */
  bareAnswers?: Record<string, { contentType: string; body: string }>;
}

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Gatehouse runs as production runs it: the esbuild bundle `npm run build` ships (`bundle-server.mjs`),
 * plain JavaScript on plain node, built once per benchmark into bench/results/server. The others run
 * through tsx: the peer is Better Auth's compiled code behind a small TypeScript entry.
 */
const entryPoints: Record<ServerKind, string> = {
  gatehouse: 'bench/results/server/main.js',
  peer: 'bench/peer/better-auth-server.ts',
  bare: 'bench/bare-server.ts',
};

/**
 * The node flags `npm start` gives the server (package.json's start script), so Gatehouse runs
 * with them here too. The peer and the bare server run on node's defaults, as a Better Auth app
 * or a plain node:http server would.
 */
const gatehouseNodeFlags: string[] = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

let gatehouseBuilt: Promise<void> | undefined;

/** Builds the Gatehouse bundle the first time a Gatehouse server starts in this process. */
function buildGatehouse(): Promise<void> {
  gatehouseBuilt ??= (async () => {
    const { bundleServer } = await import('../scripts/bundle-server.mjs');
    await bundleServer(join(repoRoot, 'bench/results/server'));
  })();
  return gatehouseBuilt;
}

const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const LOG_TAIL_CHARS = 8_000;
const COOKIE_CACHE_MAX_AGE_S = 300;

const running = new Set<ChildProcess>();

// A crash or Ctrl-C in the orchestrator must not leave servers holding ports and CPU.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

export async function startServer(kind: ServerKind, options: StartOptions): Promise<RunningServer> {
  const { cookieCache } = options;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), `gatehouse-bench-${kind}-`));
  const { database } = options;
  if (kind === 'gatehouse') await buildGatehouse();
  const loader = kind === 'gatehouse' ? gatehouseNodeFlags : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...loader, entryPoints[kind]], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      ...(database === undefined ? {} : { DATABASE_URL: database.url }),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      NODE_ENV: 'production',
      RATE_LIMIT: 'off',
      // The peer runs Better Auth with the organization and admin plugins only, so Gatehouse runs
      // without what the peer lacks: JWT, two-factor, passkeys, bearer tokens, GeoIP lookups.
      JWT: 'off',
      TWO_FACTOR: 'off',
      PASSKEYS: 'off',
      BEARER: 'off',
      GEOIP: 'off',
      SESSION_COOKIE_CACHE_MAX_AGE: cookieCache ? String(COOKIE_CACHE_MAX_AGE_S) : '0',
      BARE_ANSWERS: JSON.stringify(options.bareAnswers ?? {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);

  // The pipes must be drained or a chatty server blocks; the tail is kept for error messages.
  let logTail = '';
  const keepLog = (chunk: Buffer): void => {
    logTail = (logTail + chunk.toString('utf8')).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on('data', keepLog);
  child.stderr?.on('data', keepLog);

  const stop = async (): Promise<void> => {
    await terminate(child);
    running.delete(child);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(child, baseUrl);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${kind} (cookie cache ${cookieCache ? 'on' : 'off'}) failed to start: ${reason}\n--- server output (tail) ---\n${logTail}`,
    );
  }
  return { kind, cookieCache, baseUrl, pid: child.pid, stop };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('could not allocate a loopback port');
  return address.port;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitUntilReady(child: ChildProcess, baseUrl: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(child))
      throw new Error(`process exited (code ${child.exitCode}, signal ${child.signalCode})`);
    try {
      const response = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`GET /ready did not answer 200 within ${READY_TIMEOUT_MS / 1000} s`);
}

async function terminate(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const graceful = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS).unref()),
  ]);
  if (!graceful) {
    child.kill('SIGKILL');
    await exited;
  }
}
