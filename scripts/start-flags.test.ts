import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const packageJson = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
  scripts: { start: string };
};

/** The node flags `npm start` passes, in order (docs/operations.md#production-build-and-deployment). */
const startFlags = packageJson.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));

describe("npm start's node flags", () => {
  it('are the two docs/operations.md explains', () => {
    expect(startFlags).toEqual(['--max-semi-space-size=32', '--no-allocation-site-pretenuring']);
  });

  // V8 flags come and go with Node releases, and node refuses to start on one it does not know
  // ("bad option"): this fails on the Node version that drops one, not in production.
  it('are accepted by this node', () => {
    const run = spawnSync(process.execPath, [...startFlags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
