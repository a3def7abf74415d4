// `npm run bench:profile -- <scenario> [--db postgres] [--seed]`: one Gatehouse instance under wrk
// load with V8's CPU profiler on, then the functions that took the most time, by self time and by total
// time (with what they called). With `--seed` the database is filled first (bench/seed.ts), as the seeded
// phase of `npm run bench` does.
// Where a target is out of reach, this is the profile that says why.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadOneGatehouse, oneServerArgs } from './one-server.ts';

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const args = oneServerArgs('bench:profile');
const profileDir = join(process.env.TMPDIR ?? '/tmp', `gatehouse-profile-${Date.now()}`);
const result = await loadOneGatehouse({ ...args, nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
console.log(
  `${args.scenario.name}: ${result.requestsPerSec.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(2)} ms`,
);

// tsx's loader thread writes a profile too; the server's is the main thread's (`.0.` in its name).
const file = (await readdir(profileDir)).find((name) => name.includes('.0.'));
if (file === undefined) throw new Error(`no profile written to ${profileDir}`);
const profile = JSON.parse(await readFile(join(profileDir, file), 'utf8')) as Profile;

// Only the samples of the measured window count: start-up (loading and compiling modules) and the
// user's preparation come first and would otherwise crowd the top of the list.
const windowStart = profile.endTime - (args.durationS + 0.5) * 1e6;
const frameName = new Map<number, string>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*\/(node_modules\/)/, '$1').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/');
  frameName.set(node.id, `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`);
}
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

// Self time says where the samples landed; total time (the function and everything it called) says
// which of the server's steps they belong to, when the cost is spread over many small functions.
const bySelf = new Map<string, number>();
const byTotal = new Map<string, number>();
let total = 0;
let time = profile.startTime;
profile.samples.forEach((id, i) => {
  time += profile.timeDeltas[i] ?? 0;
  if (time < windowStart) return;
  const name = frameName.get(id) ?? '?';
  bySelf.set(name, (bySelf.get(name) ?? 0) + 1);
  // A recursive function counts once per sample.
  const onStack = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const frame = frameName.get(at) ?? '?';
    if (onStack.has(frame)) continue;
    onStack.add(frame);
    byTotal.set(frame, (byTotal.get(frame) ?? 0) + 1);
  }
  total += 1;
});
const list = (heading: string, hits: Map<string, number>): void => {
  console.log(heading);
  for (const [name, count] of [...hits].sort((a, b) => b[1] - a[1]).slice(0, args.top)) {
    console.log(`${((count / total) * 100).toFixed(1).padStart(5)}  ${name}`);
  }
};
console.log(`profile: ${join(profileDir, file)} (${total} samples in the measured window)`);
list('self %  function', bySelf);
byTotal.delete(`(root) :0`);
list('\ntotal % (with what it called)  function', byTotal);
