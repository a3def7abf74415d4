import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const MAIN = 'apps/server/src/main.ts';

/** A product server running as its own process, as an operator runs it. */
export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops its process group (SIGTERM, then SIGKILL after 15 s) and removes its data directory. */
  stop(): Promise<void>;
}

/** Another way to start the product than the TypeScript sources, e.g. `npm start` in a build. */
export interface StartCommand {
  file: string;
  args: string[];
  cwd: string;
}

/**
 * Starts `apps/server/src/main.ts` (or `options.command`) with `env` on a free port (the test's
 * own settings for the product are not inherited) and waits until `/ready` answers 200.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { port?: number; dataDir?: string; command?: StartCommand } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'gatehouse-process-'));
  const base: Record<string, string | undefined> = {};
  // Only what a process needs to run; no product setting leaks in from the test environment.
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) base[name] = process.env[name];
  const command = options.command ?? {
    file: process.execPath,
    args: ['--import', 'tsx', MAIN],
    cwd: REPO_ROOT,
  };
  // A process group of its own: a command such as `npm start` runs the server as a grandchild,
  // which a signal to npm alone would leave running after the test.
  const child = spawn(command.file, command.args, {
    cwd: command.cwd,
    env: { ...base, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  let exited = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => {
      exited = true;
      done({ code, signal });
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const stop = async () => {
    if (!exited) {
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    }
    // Whatever the command left behind in its group ends with it.
    signalGroup('SIGKILL');
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const server: ServerProcess = { url, port, child, output: () => output, exit, stop };

  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`${url}/ready`)).status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`server was not ready in time:\n${output}`);
}

/**
 * A request whose body arrives in two parts: the first now, the rest when `finish()` is called.
 * Until then the server holds it in flight.
 */
export function slowRequest(url: string, headers: Record<string, string>, body: string) {
  const half = Math.floor(body.length / 2);
  let finish: () => void = () => {};
  const response = new Promise<{ status: number; body: string }>((resolveResponse, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolveResponse({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { response, finish: () => finish() };
}
