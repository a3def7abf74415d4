import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';

/**
 * What the built web app needs, and no more (apps/server/README.md#security-headers-and-the-dev-outbox):
 * its own scripts only (the build's index.html has no inline script, and the app's Zod runs
 * without eval, `lib/zod-without-eval.ts`); styles from its files and the `<style>` elements its
 * libraries add at run time (the toast library's sheet, the dialog's scroll lock, whose text
 * varies, so no hash can name it); images from itself (avatars), `data:` and `blob:` (an upload's
 * preview), and any `https:` host (a social provider's profile picture); calls to its own API; no
 * plugin, no `<base>`, forms posting here only, in no frame.
 */
export const WEB_APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

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
