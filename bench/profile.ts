// `npm run bench:profile -- <scenario> [--db postgres] [--seed]`: one Gatehouse instance under wrk
// load with V8's CPU profiler on, then the functions that took the most time, by self time. With
// `--seed` the database is filled first (bench/seed.ts), as the seeded phase of `npm run bench` does.
// Where a target is out of reach, this is the profile that says why.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from './databases.ts';
import { chooseLoadGenerator, runLoad } from './load.ts';
import { prepareUsers, signIn } from './prepare.ts';
import { checkScenario, type ScenarioContext, scenarios } from './scenarios.ts';
import { seedAround } from './seed.ts';
import { startServer } from './servers.ts';

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
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
    top: { type: 'string', default: '40' },
    users: { type: 'string', default: '20' },
    seed: { type: 'boolean', default: false },
    'pg-url': { type: 'string' },
  },
});
const scenario = scenarios.find((s) => s.name === positionals.join(' '));
if (scenario === undefined || (values.db !== 'sqlite' && values.db !== 'postgres')) {
  console.error(`usage: npm run bench:profile -- "<scenario>" [--db sqlite|postgres] [--duration s] [--seed]
scenarios: ${scenarios.map((s) => s.name).join(', ')}`);
  process.exit(1);
}
const pgUrl = values['pg-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const profileDir = join(process.env.TMPDIR ?? '/tmp', `gatehouse-profile-${Date.now()}`);
const database = await createDatabase(values.db, 'gatehouse', pgUrl);
const server = await startServer('gatehouse', {
  cookieCache: scenario.cookieCache,
  database,
  nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
});
try {
  const users = await prepareUsers(server.baseUrl, Number(values.users));
  const signedIn = [];
  for (const user of users) signedIn.push({ user, cookies: await signIn(server.baseUrl, user) });
  const [first] = signedIn;
  if (first === undefined) throw new Error('--users must be at least 1');
  const seed =
    values.seed || scenario.seededOnly
      ? await seedAround(server.baseUrl, database, first.user, first.cookies)
      : undefined;
  // The seeded scenarios read what the seed grew around the first user only, as in the bench.
  const contexts: ScenarioContext[] = [];
  for (const { user, cookies } of scenario.seededOnly ? [first] : signedIn) {
    const context = { user, cookies, baseUrl: server.baseUrl, seed };
    await checkScenario(scenario, context);
    contexts.push(context);
  }
  const requests = contexts.map((context) => scenario.request(context));
  const result = await runLoad(chooseLoadGenerator(undefined), server.baseUrl, requests, {
    connections: 20,
    durationS: Number(values.duration),
    warmupS: 1,
  });
  console.log(
    `${scenario.name}: ${result.requestsPerSec.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(2)} ms`,
  );
} finally {
  await server.stop();
  await database.drop();
}

// tsx's loader thread writes a profile too; the server's is the main thread's (`.0.` in its name).
const file = (await readdir(profileDir)).find((name) => name.includes('.0.'));
if (file === undefined) throw new Error(`no profile written to ${profileDir}`);
const profile = JSON.parse(await readFile(join(profileDir, file), 'utf8')) as Profile;

// Only the samples of the measured window count: start-up (loading and compiling modules) and the
// user's preparation come first and would otherwise crowd the top of the list.
const windowStart = profile.endTime - (Number(values.duration) + 0.5) * 1e6;
const frameName = new Map<number, string>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*\/(node_modules\/)/, '$1').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/');
  frameName.set(node.id, `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`);
}
const bySelf = new Map<string, number>();
let total = 0;
let time = profile.startTime;
profile.samples.forEach((id, i) => {
  time += profile.timeDeltas[i] ?? 0;
  if (time < windowStart) return;
  const name = frameName.get(id) ?? '?';
  bySelf.set(name, (bySelf.get(name) ?? 0) + 1);
  total += 1;
});
console.log(`profile: ${join(profileDir, file)} (${total} samples in the measured window)\nself %  function`);
for (const [name, hits] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
  console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}  ${name}`);
}
