// Bundles the server and the engine into plain JavaScript (main.js, cli.js) with esbuild: what
// `npm run build` ships and what the benchmark measures, so both run the same code.
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(new URL('..', import.meta.url).pathname);

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

/** Writes the server bundle to `serverDist` (emptied first). */
export async function bundleServer(serverDist) {
  rmSync(serverDist, { recursive: true, force: true });
  mkdirSync(serverDist, { recursive: true });
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
}
