// `npm test`: the suite in two Vitest runs, because the two halves want opposite module isolation and
// Vitest 3 applies one isolation setting to a whole run (vitest.config.ts says why each wants its own).
// Both runs always happen, so one command still reports every failure; the exit code is the worse one.
// Extra arguments (a file filter, `-t name`) go to both runs, and then a run left with no matching
// file passes instead of failing.
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const runs = [
  ['--project', 'node', '--no-isolate'],
  ['--project', 'web'],
];
let status = 0;
for (const flags of runs) {
  const args = ['vitest', 'run', ...flags, ...(extra.length > 0 ? ['--passWithNoTests', ...extra] : [])];
  const run = spawnSync('npx', args, { stdio: 'inherit' });
  status = Math.max(status, run.status ?? 1);
}
process.exit(status);
