import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

let built: Promise<string> | undefined;

/** Builds the app once per test process with Vite, as its developer would ship it. */
function buildOnce(): Promise<string> {
  built ??= (async () => {
    const outDir = join(tmpdir(), `gatehouse-third-party-app-${process.pid}`);
    await build({
      root: import.meta.dirname,
      configFile: false,
      logLevel: 'error',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
    return outDir;
  })();
  return built;
}

/** Removes the build, once every server of the test file is closed. */
export async function removeThirdPartyAppBuild(): Promise<void> {
  if (!built) return;
  rmSync(await built, { recursive: true, force: true });
  built = undefined;
}

export interface ServedApp {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the built app on its own port (all interfaces, so a mapped host name reaches it), every
 * unknown path answered with index.html as a single-page app's host does, and `/config.js`
 * telling the app where Gatehouse is and whether to keep its session in a bearer token.
 */
export async function serveThirdPartyApp(
  gatehouseURL: string,
  options: { port?: number; bearer?: boolean } = {},
): Promise<ServedApp> {
  const dir = await buildOnce();
  const config =
    `window.GATEHOUSE_URL = ${JSON.stringify(gatehouseURL)};\n` +
    `window.GATEHOUSE_BEARER = ${options.bearer === true};\n`;
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://app').pathname;
    if (path === '/config.js') {
      response.writeHead(200, { 'content-type': TYPES['.js'] });
      response.end(config);
      return;
    }
    const asked = normalize(join(dir, path));
    const file = asked.startsWith(dir) && extname(asked) !== '' ? asked : join(dir, 'index.html');
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '0.0.0.0', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
