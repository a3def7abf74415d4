import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';

/** Where `vite build` puts the web app. */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const HTML = 'text/html; charset=utf-8';
const TYPES: Record<string, string> = {
  '.html': HTML,
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built web app: files as they are, and index.html for every other path so the app's
 * own router decides (history fallback). Hashed assets are cached for a year; index.html never,
 * so a deploy takes effect on the next load. Null when the app has not been built.
 */
export function createWebAppHandler(dist: string = WEB_DIST) {
  if (!existsSync(join(dist, 'index.html'))) return null;
  const root = normalize(dist.endsWith(sep) ? dist : dist + sep);

  return async function serveWebApp(c: Context): Promise<Response> {
    const requested = decodeSafely(new URL(c.req.url).pathname);
    const file = requested === null ? null : normalize(join(root, requested));
    // A path that climbs out of the build folder is answered like any unknown path.
    if (requested !== null && file?.startsWith(root) && (await isFile(file))) {
      const immutable = requested.startsWith('/assets/');
      return new Response(await readFile(file), {
        headers: {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        },
      });
    }
    return new Response(await readFile(join(root, 'index.html')), {
      headers: { 'content-type': HTML, 'cache-control': 'no-cache' },
    });
  };
}

function decodeSafely(path: string): string | null {
  try {
    const decoded = decodeURIComponent(path);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
