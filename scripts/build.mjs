// `npm run build`: the production artefact. The web app goes through Vite into apps/web/dist; the
// server and the engine are bundled by esbuild into apps/server/dist (main.js, cli.js), so that
// `NODE_ENV=production npm start` loads plain JavaScript and never transpiles at start-up.
//
// Usage: node scripts/build.mjs [--out DIR]   (DIR defaults to the repository; the test builds
// into a scratch copy so that it never rewrites the build other tests are serving)
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleServer } from './bundle-server.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? root);
const serverDist = join(out, 'apps/server/dist');
const webDist = join(out, 'apps/web/dist');

const started = Date.now();
await bundleServer(serverDist);

execFileSync(
  process.execPath,
  [
    join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--logLevel',
    'warn',
    '--outDir',
    webDist,
    '--emptyOutDir',
  ],
  {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  },
);

console.log(
  `gatehouse: built ${serverDist} and ${webDist} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
