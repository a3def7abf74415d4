// One Gatehouse instance under wrk load, for the tools that look inside it (bench/profile.ts,
// bench/gc.ts): its own database, the bench's users signed in, the seed when asked for, the
// scenario checked once, then one measured run.
import { parseArgs } from 'node:util';
import { createDatabase, type DatabaseKind } from './databases.ts';
import { chooseLoadGenerator, type LoadResult, runLoad } from './load.ts';
import { signIn } from './prepare.ts';
import {
  checkScenario,
  type Scenario,
  type ScenarioContext,
  scenarios,
  usersMeasuredBy,
} from './scenarios.ts';
import { prepareKeyedUsers, seedAround } from './seed.ts';
import { type RunningServer, startServer } from './servers.ts';

export interface OneServerOptions {
  scenario: Scenario;
  db: DatabaseKind;
  pgUrl: string;
  users: number;
  durationS: number;
  seed: boolean;
  /** Extra node flags, such as `--cpu-prof`. */
  nodeFlags?: string[];
  /** Runs between a one-second warm-up and the measured load, e.g. to read metrics. */
  before?: (server: RunningServer) => Promise<void>;
  /** Runs just after it, while the server still runs. */
  after?: (server: RunningServer) => Promise<void>;
}

/**
 * The tools' shared command line: `"<scenario>" [--db sqlite|postgres] [--duration s] [--users n]
 * [--seed] [--pg-url url]`, plus `--top n` for the profile. Prints the usage and exits when it is wrong.
 */
export function oneServerArgs(tool: string): Omit<OneServerOptions, 'nodeFlags' | 'before' | 'after'> & {
  top: number;
} {
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
    console.error(`usage: npm run ${tool} -- "<scenario>" [--db sqlite|postgres] [--duration s] [--seed]
scenarios: ${scenarios.map((s) => s.name).join(', ')}`);
    process.exit(1);
  }
  return {
    scenario,
    db: values.db,
    pgUrl: values['pg-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    users: Number(values.users),
    durationS: Number(values.duration),
    seed: values.seed,
    top: Number(values.top),
  };
}

export async function loadOneGatehouse(options: OneServerOptions): Promise<LoadResult> {
  const { scenario } = options;
  const database = await createDatabase(options.db, 'gatehouse', options.pgUrl);
  const server = await startServer('gatehouse', {
    cookieCache: scenario.cookieCache,
    database,
    nodeFlags: options.nodeFlags,
  });
  try {
    const users = await prepareKeyedUsers(server.baseUrl, database, options.users);
    const signedIn = [];
    for (const user of users) signedIn.push({ user, cookies: await signIn(server.baseUrl, user) });
    const [first] = signedIn;
    if (first === undefined) throw new Error('--users must be at least 1');
    const seed =
      options.seed || scenario.seededOnly
        ? await seedAround(server.baseUrl, database, first.user, first.cookies)
        : undefined;
    const contexts: ScenarioContext[] = [];
    for (const { user, cookies } of usersMeasuredBy(scenario, signedIn)) {
      const context = { user, cookies, baseUrl: server.baseUrl, seed };
      await checkScenario(scenario, context);
      contexts.push(context);
    }
    const requests = contexts.map((context) => scenario.request(context));
    const generator = chooseLoadGenerator(undefined);
    const load = (durationS: number) =>
      runLoad(generator, server.baseUrl, requests, { connections: 20, durationS, warmupS: 0 });
    await load(1);
    await options.before?.(server);
    const result = await load(options.durationS);
    await options.after?.(server);
    return result;
  } finally {
    await server.stop();
    await database.drop();
  }
}
