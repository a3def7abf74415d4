// `npm run bench`: loads Gatehouse, stock Better Auth (the peer) and bare node:http (the machine's
// ceiling) with the same scenarios in alternating rounds, and checks the performance targets.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { type BenchOptions, parseBenchArgs } from './args.ts';
import { type BenchDatabase, createDatabase } from './databases.ts';
import { chooseLoadGenerator, type LoadGenerator, type LoadResult, runLoad } from './load.ts';
import { type Cookie, cookieHeader, expectStatus, type PreparedUser, postJson, signIn } from './prepare.ts';
import {
  type Contestant,
  checkTargets,
  combineRounds,
  compare,
  comparedWithEmpty,
  EMPTY_TWIN,
  formatComparisons,
  formatConsecutiveRuns,
  formatTable,
  type Measurement,
  type Phase,
  type TargetCheck,
} from './report.ts';
import {
  checkScenario,
  type Scenario,
  type ScenarioContext,
  scenarios,
  usersMeasuredBy,
} from './scenarios.ts';
import { type HashRound, hashesPerSecond, measureScryptRound } from './scrypt-ceiling.ts';
import { prepareKeyedUsers, type SeedFacts, seedAround } from './seed.ts';
import { type RunningServer, repoRoot, type ServerKind, startServer } from './servers.ts';

type Contender = Exclude<ServerKind, 'bare'>;

/** One kind's database with its two instances (cookie cache on and off) and their users' sessions. */
interface Side {
  kind: Contender;
  /** What the report calls it: its kind, or `EMPTY_TWIN` for the Gatehouse left out of the seed. */
  label: Contestant;
  database: BenchDatabase;
  /** The first is the seeded one (its organization grows to 1,000 members, it becomes an admin). */
  users: PreparedUser[];
  /** Per instance, each user's cookies, in the order of `users`. */
  instances: Map<boolean, { server: RunningServer; cookies: Cookie[][] }>;
}

async function main(): Promise<number> {
  const options = parseBenchArgs(process.argv.slice(2));
  const generator = chooseLoadGenerator(options.tool);
  console.log(
    `bench: ${describeGenerator(generator)}; database ${options.db}; ${options.rounds} round(s) of ` +
      `${options.durationS} s per scenario (sign-in: ${options.signInDurationS} s) after ${options.warmupS} s ` +
      `warm-up; ${options.connections} connections (sign-in: ${options.signInConnections}); servers: ${options.servers.join(', ')}` +
      (options.repeat > 1 ? `; ${options.repeat} runs` : ''),
  );
  const runs: TargetCheck[][] = [];
  for (let run = 1; run <= options.repeat; run++) {
    if (options.repeat > 1)
      console.log(`\n=== run ${run} of ${options.repeat} (${new Date().toISOString()})`);
    runs.push(await oneRun(options, generator, run));
  }
  if (options.repeat > 1) console.log(`\nconsecutive runs\n${formatConsecutiveRuns(runs)}\n`);
  return runs.every((checks) => checks.every((check) => check.pass)) ? 0 : 2;
}

/** One whole run: fresh servers and databases, every scenario measured, the targets checked. */
async function oneRun(options: BenchOptions, generator: LoadGenerator, run: number): Promise<TargetCheck[]> {
  const sides: Side[] = [];
  const stops: (() => Promise<void>)[] = [];
  try {
    for (const kind of options.servers) {
      if (kind !== 'bare') sides.push(await startSide(kind, kind, options, stops));
    }
    const twin =
      options.seed && options.servers.includes('gatehouse')
        ? await startSide('gatehouse', EMPTY_TWIN, options, stops)
        : undefined;
    const measurements: Measurement[] = [];
    const phases: Phase[] = options.seed ? ['empty', 'seeded'] : ['empty'];
    let seed: SeedFacts | undefined;
    for (const phase of phases) {
      if (phase === 'seeded') seed = await seedAll(sides);
      const mine = scenarios.filter((s) => !s.hashesPassword && (phase === 'seeded' || !s.seededOnly));
      const alsoTwin = phase === 'seeded' ? twin : undefined;
      measurements.push(...(await measurePhase(phase, mine, sides, alsoTwin, seed, options, generator)));
    }
    let scryptCeiling: number | undefined;
    const signInScenario = scenarios.find((s) => s.hashesPassword);
    if (signInScenario !== undefined && sides.length > 0) {
      const last = phases[phases.length - 1] ?? 'empty';
      // The ceiling takes its turn in the sign-in rounds, so the machine's drift hits it as it hits
      // the servers (measured once afterwards, it was a quieter machine than the sign-in rounds saw).
      const ceilingRounds: HashRound[] = [];
      const ceilingTurn = async (): Promise<void> => {
        ceilingRounds.push(await measureScryptRound(options.signInDurationS));
      };
      measurements.push(
        ...(await measureScenario(
          last,
          signInScenario,
          sides,
          undefined,
          undefined,
          seed,
          options,
          generator,
          ceilingTurn,
        )),
      );
      scryptCeiling = hashesPerSecond(ceilingRounds);
      console.log(`  scrypt ceiling of this machine: ${scryptCeiling.toFixed(1)} hashes/s`);
    }

    const comparisons = compare(measurements);
    const checks = checkTargets(comparisons, measurements, options.db, scryptCeiling);
    console.log(
      `\nload generator: ${describeGenerator(generator)}; database: ${options.db}\n${formatTable(measurements)}\n`,
    );
    console.log(`${formatComparisons(comparisons, checks)}\n`);
    await writeResults(run, options, { generator, measurements, comparisons, checks, scryptCeiling });
    return checks;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

async function startSide(
  kind: Contender,
  label: Contestant,
  options: BenchOptions,
  stops: (() => Promise<void>)[],
): Promise<Side> {
  const database = await createDatabase(
    options.db,
    label === EMPTY_TWIN ? `${kind}_empty` : kind,
    options.pgUrl,
  );
  stops.push(() => database.drop());
  const instances: Side['instances'] = new Map();
  // One after the other: the first instance migrates the shared database, the second finds it done.
  for (const cookieCache of [false, true]) {
    const server = await startServer(kind, { cookieCache, database });
    stops.push(() => server.stop());
    instances.set(cookieCache, { server, cookies: [] });
  }
  const first = instances.get(false);
  if (first === undefined) throw new Error('unreachable: no cache-off instance');
  const users = await prepareKeyedUsers(first.server.baseUrl, database, options.users).catch(
    (error: unknown) => {
      throw new Error(
        `${kind}: preparing the users failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    },
  );
  for (const instance of instances.values()) {
    for (const user of users) instance.cookies.push(await signIn(instance.server.baseUrl, user));
  }
  return { kind, label, database, users, instances };
}

async function seedAll(sides: Side[]): Promise<SeedFacts | undefined> {
  let facts: SeedFacts | undefined;
  for (const side of sides) {
    const started = Date.now();
    const instance = side.instances.get(false);
    if (instance === undefined) continue;
    const [user] = side.users as [PreparedUser];
    const [cookies] = instance.cookies as [Cookie[]];
    facts = await seedAround(instance.server.baseUrl, side.database, user, cookies);
    console.log(`  seeded ${side.kind}'s database in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return facts;
}

async function measurePhase(
  phase: Phase,
  mine: Scenario[],
  sides: Side[],
  twin: Side | undefined,
  seed: SeedFacts | undefined,
  options: BenchOptions,
  generator: LoadGenerator,
): Promise<Measurement[]> {
  // The bare server answers exactly what Gatehouse answered in this phase, byte for byte in size.
  let bare: RunningServer | undefined;
  const gatehouse = sides.find((side) => side.kind === 'gatehouse');
  if (options.servers.includes('bare') && gatehouse !== undefined) {
    const answers: Record<string, { contentType: string; body: string }> = {};
    for (const scenario of mine) {
      for (const context of contextsOf(gatehouse, scenario, seed)) {
        const request = scenario.request(context);
        answers[`${request.method} ${request.path}`] ??= await checkScenario(scenario, context);
      }
    }
    bare = await startServer('bare', { cookieCache: false, bareAnswers: answers });
  }
  try {
    const measurements: Measurement[] = [];
    for (const scenario of mine) {
      const withTwin = twin !== undefined && comparedWithEmpty(scenario.name) ? twin : undefined;
      if (scenario.cookieCache)
        await renewCachedSessions(withTwin === undefined ? sides : [...sides, withTwin]);
      measurements.push(
        ...(await measureScenario(phase, scenario, sides, withTwin, bare, seed, options, generator)),
      );
    }
    return measurements;
  } finally {
    await bare?.stop();
  }
}

/**
 * The cache-on instances' users sign out and in again, so the cookie-cache scenario sends a cache
 * cookie as fresh as a browser's: wrk replays fixed cookies, and one issued before a long seed or
 * earlier scenarios has expired (300 s), turning every request into a database read. Signing out
 * first keeps each user's number of sessions, which list-sessions answers.
 */
async function renewCachedSessions(sides: Side[]): Promise<void> {
  for (const side of sides) {
    const instance = side.instances.get(true);
    if (instance === undefined) continue;
    for (const [i, user] of side.users.entries()) {
      const old = instance.cookies[i];
      if (old !== undefined) {
        const response = await postJson(instance.server.baseUrl, '/api/auth/sign-out', {}, cookieHeader(old));
        await expectStatus(response, 200, `${side.label}: sign-out before renewing the cache cookie`);
      }
      instance.cookies[i] = await signIn(instance.server.baseUrl, user);
    }
  }
}

/** One context per user whose requests the scenario sends in turn (`usersMeasuredBy`). */
function contextsOf(side: Side, scenario: Scenario, seed: SeedFacts | undefined): ScenarioContext[] {
  const instance = side.instances.get(scenario.cookieCache);
  if (instance === undefined)
    throw new Error(`${side.label}: no instance with cookie cache ${scenario.cookieCache}`);
  return usersMeasuredBy(scenario, side.users).map((user, i) => ({
    user,
    cookies: instance.cookies[i] ?? [],
    baseUrl: instance.server.baseUrl,
    seed,
  }));
}

/**
 * Each server takes its turn in every round, the order rotating so none always runs first; the
 * empty-database `twin` (seeded phase) and `alongside` (sign-in's scrypt ceiling) take turns of their
 * own in each round.
 */
async function measureScenario(
  phase: Phase,
  scenario: Scenario,
  sides: Side[],
  twin: Side | undefined,
  bare: RunningServer | undefined,
  seed: SeedFacts | undefined,
  options: BenchOptions,
  generator: LoadGenerator,
  alongside?: () => Promise<void>,
): Promise<Measurement[]> {
  const targets: { label: Contestant; contexts: ScenarioContext[] }[] = [
    ...sides,
    ...(twin ? [twin] : []),
  ].map((side) => ({ label: side.label, contexts: contextsOf(side, scenario, seed) }));
  const gatehouse = targets.find((t) => t.label === 'gatehouse');
  if (bare !== undefined && gatehouse !== undefined && !scenario.hashesPassword) {
    const contexts = gatehouse.contexts.map((context) => ({ ...context, baseUrl: bare.baseUrl }));
    targets.push({ label: 'bare', contexts });
  }
  // Sign-in is checked on its first user only: each check adds a session. The bare server answers
  // every user with the first one's body, so only that one is checked there.
  for (const target of targets) {
    const checked =
      scenario.hashesPassword || target.label === 'bare' ? target.contexts.slice(0, 1) : target.contexts;
    for (const context of checked) {
      await checkScenario(scenario, context).catch((error: unknown) => {
        throw new Error(
          `${target.label}: sanity check failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }
  }
  const rounds = new Map<Contestant, LoadResult[]>(targets.map((t) => [t.label, []]));
  const turns = targets.map((target) => async () => {
    const [first] = target.contexts as [ScenarioContext];
    const requests = target.contexts.map((context) => scenario.request(context));
    const result = await runLoad(generator, first.baseUrl, requests, {
      connections: scenario.hashesPassword ? options.signInConnections : options.connections,
      durationS: scenario.hashesPassword ? options.signInDurationS : options.durationS,
      // Before every turn, not only the first round's: a server left idle through the others'
      // turns answered its next round with a p99 up to twice its others' (on PostgreSQL, the peer
      // as much as Gatehouse), which measured the rotation's schedule, not the server.
      warmupS: options.warmupS,
    });
    rounds.get(target.label)?.push(result);
  });
  if (alongside !== undefined) turns.push(alongside);
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < turns.length; i++) await turns[(i + round) % turns.length]?.();
  }
  return targets.map(({ label }) => {
    const mine = rounds.get(label) ?? [];
    const result = combineRounds(mine);
    console.log(
      `  ${phase} ${scenario.name} on ${label}: ${result.requestsPerSec.toFixed(0)} req/s, ` +
        `p99 ${result.p99Ms.toFixed(2)} ms, ${result.non2xx} non-2xx`,
    );
    return { scenario: scenario.name, server: label, phase, result, rounds: mine };
  });
}

/** `latest.json`, and with `--repeat` also `run-<n>.json`, so every run of the series is kept. */
async function writeResults(
  run: number,
  options: BenchOptions,
  results: Record<string, unknown>,
): Promise<void> {
  const resultsDir = join(repoRoot, 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  const environment = {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    betterAuth: betterAuthVersion(),
  };
  const text = `${JSON.stringify({ finishedAt: new Date().toISOString(), run, environment, options, ...results }, null, 2)}\n`;
  const names = options.repeat > 1 ? ['latest.json', `run-${run}.json`] : ['latest.json'];
  for (const name of names) await writeFile(join(resultsDir, name), text);
  console.log(`results written to ${names.map((name) => join(resultsDir, name)).join(' and ')}`);
}

function describeGenerator(generator: LoadGenerator): string {
  const how = generator.tool === 'wrk' ? '1 thread, separate process' : 'in the orchestrator process';
  return `${generator.tool} ${generator.version} (${how})`;
}

function betterAuthVersion(): string {
  try {
    const manifest = JSON.parse(
      readFileSync(join(repoRoot, 'node_modules', 'better-auth', 'package.json'), 'utf8'),
    );
    return String(manifest.version);
  } catch {
    return 'unknown';
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
