// Runs before `npm start` and `npm test` so that a fresh clone needs no separate install step.
// It installs only when node_modules is missing or older than the lockfile.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('gatehouse: installing dependencies…');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
