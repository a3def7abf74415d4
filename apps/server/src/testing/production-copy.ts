import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/** Files an operator deploys besides the build output and node_modules. */
const MANIFESTS = [
  'package.json',
  'package-lock.json',
  'apps/server/package.json',
  'scripts/start.mjs',
  'scripts/ensure-installed.mjs',
];

/**
 * Packages that only development needs even though the lockfile lists them as the server's: the
 * TypeScript loader. Leaving them out proves the production start never transpiles.
 */
const DEVELOPMENT_ONLY = /^(tsx|esbuild|@esbuild\/.*)$/;

interface LockEntry {
  dev?: boolean;
  link?: boolean;
}

/**
 * Builds the product into `target` with `npm run build`'s script and adds what
 * `npm install --omit=dev` would: the manifests and the production packages of the lockfile,
 * hard-linked from this checkout's node_modules (the registry is not asked again).
 */
export function buildProductionCopy(target: string): void {
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/build.mjs'), '--out', target], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
  });
  for (const file of MANIFESTS) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(REPO_ROOT, file), join(target, file));
  }
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || entry.dev || entry.link) continue;
    const name = path.slice('node_modules/'.length);
    // Nested copies travel with their parent package's folder.
    if (name.includes('/node_modules/') || DEVELOPMENT_ONLY.test(name)) continue;
    const source = join(REPO_ROOT, path);
    // Optional packages for other platforms are in the lockfile but not on disk.
    if (!existsSync(source)) continue;
    mkdirSync(dirname(join(target, path)), { recursive: true });
    execFileSync('cp', ['-al', source, join(target, path)]);
  }
  // npm's install marker, newer than the lockfile, so `npm start` sees an installed tree.
  copyFileSync(
    join(REPO_ROOT, 'node_modules/.package-lock.json'),
    join(target, 'node_modules/.package-lock.json'),
  );
}
