import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

/** Asynchronous, so the test worker keeps answering its runner during a minute of build and install. */
const run = promisify(execFile);

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/** Files an operator deploys besides the build output and node_modules. */
const DEPLOYED_FILES = [
  'package.json',
  'package-lock.json',
  'apps/server/package.json',
  'apps/server/bin/gatehouse.mjs',
  'scripts/start.mjs',
  'scripts/ensure-installed.mjs',
];

/**
 * Builds the product into `target` with `npm run build`'s script, adds the files a deployment
 * holds, and installs there what `npm ci --omit=dev` installs: npm itself picks the production
 * packages from the manifests and the lockfile, so a package only development needs (tsx, esbuild)
 * is missing exactly when the manifests say so. The install runs offline from npm's cache (this
 * checkout installed every package already) and without install scripts: the one native module a
 * script would compile (better-sqlite3, minutes of node-gyp here) gets this checkout's build instead.
 */
export async function buildProductionCopy(target: string): Promise<void> {
  await run(process.execPath, [join(REPO_ROOT, 'scripts/build.mjs'), '--out', target], { cwd: REPO_ROOT });
  for (const file of DEPLOYED_FILES) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(REPO_ROOT, file), join(target, file));
  }
  await run('npm', ['ci', '--omit=dev', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: target,
  });
  for (const name of packagesWithInstallScripts(join(target, 'node_modules'))) {
    const built = join(REPO_ROOT, 'node_modules', name, 'build');
    if (existsSync(built)) await run('cp', ['-al', built, join(target, 'node_modules', name, 'build')]);
  }
}

/** The installed packages (`name` or `@scope/name`) whose manifest runs a script at install. */
function packagesWithInstallScripts(modules: string): string[] {
  const names = readdirSync(modules).flatMap((entry) =>
    entry.startsWith('@') ? readdirSync(join(modules, entry)).map((name) => `${entry}/${name}`) : [entry],
  );
  return names.filter((name) => {
    const manifest = join(modules, name, 'package.json');
    if (!existsSync(manifest)) return false;
    const { scripts = {}, gypfile } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      scripts?: Record<string, string>;
      gypfile?: boolean;
    };
    return gypfile === true || ['preinstall', 'install', 'postinstall'].some((hook) => hook in scripts);
  });
}
