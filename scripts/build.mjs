// `npm run build`: the production artefact. The web app goes through Vite into apps/web/dist; the
// server and the engine are bundled by esbuild into apps/server/dist (main.js, cli.js), so that
// `NODE_ENV=production npm start` loads plain JavaScript and never transpiles at start-up.
//
// Usage: node scripts/build.mjs [--out DIR]   (DIR defaults to the repository; the test builds
// into a scratch copy so that it never rewrites the build other tests are serving)
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(new URL('..', import.meta.url).pathname);
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? root);
const serverDist = join(out, 'apps/server/dist');
const webDist = join(out, 'apps/web/dist');

const started = Date.now();
rmSync(serverDist, { recursive: true, force: true });
mkdirSync(serverDist, { recursive: true });

// Workspace packages (@gatehouse/*) are TypeScript and go into the bundle; every other package
// stays an import of node_modules, as installed with `npm install --omit=dev`.
const bundleWorkspaces = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@gatehouse/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    main: join(root, 'apps/server/src/main.ts'),
    cli: join(root, 'apps/server/src/cli.ts'),
  },
  outdir: serverDist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [bundleWorkspaces],
});
// The `gatehouse` command (apps/server/bin/gatehouse.mjs) runs this on plain node; so can an
// operator, directly: `apps/server/dist/cli.js migrate`.
const cli = join(serverDist, 'cli.js');
writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, 'utf8')}`);
chmodSync(cli, 0o755);
// Files the engine reads beside its code (new URL('./…', import.meta.url)) travel with the bundle.
copyFileSync(
  join(root, 'packages/core/src/user/common-passwords.txt'),
  join(serverDist, 'common-passwords.txt'),
);

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
