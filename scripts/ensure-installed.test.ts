import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = resolve(import.meta.dirname, 'ensure-installed.mjs');
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A tree whose install marker is older than its lockfile, with an `npm` on PATH that only notes
 * that it was called: runs the check there and says whether it tried to install.
 */
function installsIn(tree: { sources: boolean }, env: Record<string, string> = {}): boolean {
  const root = mkdtempSync(join(tmpdir(), 'ensure-installed-'));
  dirs.push(root);
  mkdirSync(join(root, 'node_modules'));
  writeFileSync(join(root, 'node_modules/.package-lock.json'), '{}');
  writeFileSync(join(root, 'package-lock.json'), '{}');
  const earlier = new Date(Date.now() - 60_000);
  utimesSync(join(root, 'node_modules/.package-lock.json'), earlier, earlier);
  if (tree.sources) mkdirSync(join(root, 'apps/server/src'), { recursive: true });
  const bin = join(root, 'fake-bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\ntouch "${join(root, 'npm-ran')}"\n`);
  chmodSync(join(bin, 'npm'), 0o755);
  const run = spawnSync(process.execPath, [SCRIPT], {
    cwd: root,
    env: { PATH: `${bin}:${process.env.PATH}`, ...env },
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return existsSync(join(root, 'npm-ran'));
}

describe('ensure-installed (before npm start, npm test and npm run cli)', () => {
  it('installs in a development checkout whose lockfile is newer than its install', () => {
    expect(installsIn({ sources: true })).toBe(true);
  });

  it('never installs in production, nor in a deployment that holds the build without sources', () => {
    expect(installsIn({ sources: true }, { NODE_ENV: 'production' })).toBe(false);
    expect(installsIn({ sources: false })).toBe(false);
  });
});
