// `npm test`: the suite in two Vitest runs, because the two halves want opposite module isolation and
// Vitest 3 applies one isolation setting to a whole run (vitest.config.ts says why each wants its own).
// Both runs always happen, so one command still reports every failure; the exit code is the worse one.
// Extra arguments (a file filter, `-t name`) go to both runs, and then a run left with no matching
// file passes instead of failing.
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const runs = [
  { project: 'node', flags: ['--no-isolate'] },
  { project: 'web', flags: [] },
];
const failed = [];
let status = 0;
for (const { project, flags } of runs) {
  const filter = extra.length > 0 ? ['--passWithNoTests', ...extra] : [];
  const run = spawnSync('npx', ['vitest', 'run', '--project', project, ...flags, ...filter], {
    stdio: 'inherit',
  });
  const code = run.status ?? 1;
  if (code !== 0) failed.push(`${project} (exit ${code})`);
  status = Math.max(status, code);
}
// Each run ends with its own `Tests:` line; this one says whether the whole suite passed.
console.log(failed.length === 0 ? 'npm test: both runs passed' : `npm test: failed: ${failed.join(', ')}`);
process.exit(status);
