import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { loadConfig } from '../config.ts';
import type { LogOutput } from '../observability/logger.ts';
import type { RunningServer } from '../start-server.ts';
import { startCheckedServer } from './checked-server.ts';
import { freePort } from './free-port.ts';

/**
 * Starts the real product (as `npm start` would) on a free port with a fresh data directory, from
 * environment variables; call inside a `describe`: each server is closed after its test and the
 * directories removed after the suite. Log lines go to `output`, or nowhere.
 */
export function productServers(
  label: string,
): (env: Record<string, string>, output?: LogOutput) => Promise<RunningServer> {
  const dirs: string[] = [];
  const running: RunningServer[] = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await server.close();
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return async (env, output = () => {}) => {
    const dir = mkdtempSync(join(tmpdir(), `gatehouse-${label}-`));
    dirs.push(dir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startCheckedServer(
      loadConfig({ PORT: String(port), BASE_URL: base, DATA_DIR: dir, RATE_LIMIT: 'off', ...env }),
      output,
    );
    running.push(server);
    return server;
  };
}
