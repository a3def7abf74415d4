// Builds the web app when its build is missing or older than its sources, so `npm start` always
// serves the current app without a separate build step.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');
const sources = [
  join(web, 'src'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(root, 'packages/client/src'),
];

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const stale = () => !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;

// Test files in parallel workers each ask for the build, and two Vite builds emptying and writing
// one dist/ at once leave a broken app: whoever makes the lock folder builds, the others wait for it
// to go and then find the build fresh. A lock older than a build could take was left by a killed
// process, and is taken over.
const lock = join(web, '.build.lock');
const abandonedAfterMs = 10 * 60_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

let builtHere = false;
while (!builtHere && stale()) {
  try {
    mkdirSync(lock);
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > abandonedAfterMs) rmSync(lock, { recursive: true, force: true });
    else Atomics.wait(pause, 0, 0, 500);
    continue;
  }
  try {
    if (stale()) {
      console.log('gatehouse: building the web app…');
      execSync('npx vite build --logLevel warn', { cwd: web, stdio: 'inherit' });
    }
    builtHere = true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
