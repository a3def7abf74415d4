// Runs before `npm start`, `npm test` and `npm run cli` so that a fresh clone needs no separate
// install step: it installs only when node_modules is missing or older than the lockfile. That is
// a development convenience only: in production (NODE_ENV=production), or in a deployment that
// holds the build and not the sources, installing is the operator's step and never happens here.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const deployment = process.env.NODE_ENV === 'production' || !existsSync('apps/server/src');
const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale && !deployment) {
  console.log('gatehouse: installing dependencies…');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
