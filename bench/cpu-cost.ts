// `npm run bench:cost -- "<scenario>" [--db postgres] [--variant KEY=VALUE ...]`: each server's own CPU
// time per answered request (user + system, read from /proc) under the same wrk load, Gatehouse beside
// bare node:http, in alternating rounds. Unlike req/s it moves little when other work shares the
// machine, so it can guide optimisation on a busy machine; the targets are still judged by
// `npm run bench` on a quiet one. With `--variant`, a second Gatehouse started with that environment
// is measured in the same rounds (an A/B comparison of a switch). With `--seed` (implied by the
// seeded-only scenarios) the database is filled first (bench/seed.ts); the variant shares it.
import { parseArgs } from 'node:util';
import { cpuSeconds, median } from './cpu-time.ts';
import { createDatabase } from './databases.ts';
import { chooseLoadGenerator, runLoad } from './load.ts';
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

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    users: { type: 'string', default: '20' },
    variant: { type: 'string', multiple: true, default: [] },
    seed: { type: 'boolean', default: false },
    'pg-url': { type: 'string' },
  },
});
const found = scenarios.find((s) => s.name === positionals.join(' '));
if (found === undefined || (values.db !== 'sqlite' && values.db !== 'postgres')) {
  console.error(`usage: npm run bench:cost -- "<scenario>" [--db sqlite|postgres] [--users n] [--seed] [--variant KEY=VALUE]...
scenarios: ${scenarios.map((s) => s.name).join(', ')}`);
  process.exit(1);
}
const scenario: Scenario = found;

const pgUrl = values['pg-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const generator = chooseLoadGenerator(undefined);
const settings = { connections: Number(values.connections), durationS: Number(values.duration), warmupS: 0 };

interface Contender {
  label: string;
  server: RunningServer;
  /** One per user, whose requests take turns. */
  contexts: ScenarioContext[];
  costs: number[];
  rates: number[];
  p99s: number[];
}

const requestsOf = (contender: Contender) => contender.contexts.map((context) => scenario.request(context));

async function measure(contender: Contender): Promise<void> {
  const { pid } = contender.server;
  if (pid === undefined) throw new Error(`${contender.label}: no pid`);
  const before = cpuSeconds(pid);
  const result = await runLoad(generator, contender.server.baseUrl, requestsOf(contender), settings);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${contender.label}: failed answers`);
  contender.costs.push(((cpuSeconds(pid) - before) / result.responses) * 1e6);
  contender.rates.push(result.requestsPerSec);
  contender.p99s.push(result.p99Ms);
}

const variantEnv = Object.fromEntries(values.variant.map((pair) => pair.split(/=(.*)/s).slice(0, 2)));
const database = await createDatabase(values.db, 'gatehouse', pgUrl);
const servers: RunningServer[] = [];
try {
  const start = async (env?: Record<string, string>) => {
    const server = await startServer('gatehouse', { cookieCache: scenario.cookieCache, database, env });
    servers.push(server);
    return server;
  };
  const gatehouse = await start();
  const users = await prepareKeyedUsers(gatehouse.baseUrl, database, Number(values.users));
  const [firstUser] = users;
  if (firstUser === undefined) throw new Error('--users must be at least 1');
  const seed =
    values.seed || scenario.seededOnly
      ? await seedAround(gatehouse.baseUrl, database, firstUser, await signIn(gatehouse.baseUrl, firstUser))
      : undefined;
  const measuredUsers = usersMeasuredBy(scenario, users);
  const contextsOf = async (server: RunningServer): Promise<ScenarioContext[]> => {
    const contexts: ScenarioContext[] = [];
    for (const user of measuredUsers) {
      const cookies = await signIn(server.baseUrl, user);
      contexts.push({ user, cookies, baseUrl: server.baseUrl, seed });
    }
    return contexts;
  };
  const contenders: Contender[] = [
    {
      label: 'gatehouse',
      server: gatehouse,
      contexts: await contextsOf(gatehouse),
      costs: [],
      rates: [],
      p99s: [],
    },
  ];
  if (values.variant.length > 0) {
    const variant = await start(variantEnv);
    const label = `variant (${values.variant.join(' ')})`;
    contenders.push({
      label,
      server: variant,
      contexts: await contextsOf(variant),
      costs: [],
      rates: [],
      p99s: [],
    });
  }
  const [first] = contenders as [Contender];
  const bareAnswers: Record<string, { contentType: string; body: string }> = {};
  for (const contender of contenders) {
    for (const context of contender.contexts) {
      const answer = await checkScenario(scenario, context);
      const request = scenario.request(context);
      if (contender === first) bareAnswers[`${request.method} ${request.path}`] ??= answer;
    }
  }
  const bare = await startServer('bare', { cookieCache: false, bareAnswers });
  servers.push(bare);
  const bareContexts = first.contexts.map((context) => ({ ...context, baseUrl: bare.baseUrl }));
  contenders.push({ label: 'bare', server: bare, contexts: bareContexts, costs: [], rates: [], p99s: [] });

  console.log(
    `${scenario.name} (${values.db}), ${generator.tool}, ${settings.connections} connections, ${measuredUsers.length} users${seed ? ', seeded' : ''}`,
  );
  for (const contender of contenders)
    await runLoad(generator, contender.server.baseUrl, requestsOf(contender), { ...settings, durationS: 2 });
  const rounds = Number(values.rounds);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < contenders.length; i++)
      await measure(contenders[(i + round) % contenders.length] as Contender);
  }
  const bareCost = median((contenders.at(-1) as Contender).costs);
  for (const contender of contenders) {
    const cost = median(contender.costs);
    console.log(
      `${contender.label.padEnd(40)} ${median(contender.rates).toFixed(0).padStart(6)} req/s  ` +
        `p99 ${median(contender.p99s).toFixed(2).padStart(6)} ms  ` +
        `${cost.toFixed(1).padStart(7)} µs CPU/request (rounds: ${contender.costs.map((c) => c.toFixed(0)).join(' ')})  ` +
        `bare/this ${(bareCost / cost).toFixed(2)}`,
    );
  }
} finally {
  for (const server of servers.reverse()) await server.stop();
  await database.drop();
}
