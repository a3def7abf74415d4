// Command-line flags of `npm run bench`.
import { parseArgs } from 'node:util';
import type { DatabaseKind } from './databases.ts';
import type { LoadTool } from './load.ts';
import type { ServerKind } from './servers.ts';

export interface BenchOptions {
  /** Measured seconds of one round of one scenario on one server. */
  durationS: number;
  /** Sign-in is bound by password hashing (~10 req/s), so its rounds are longer for enough samples. */
  signInDurationS: number;
  warmupS: number;
  /** Rounds per scenario; the servers take turns within each round so drift hits all alike. */
  rounds: number;
  connections: number;
  signInConnections: number;
  /** Signed-in users the measured requests rotate through, so sessions are read as many clients send them. */
  users: number;
  servers: ServerKind[];
  db: DatabaseKind;
  /** Administrative PostgreSQL URL; each server gets a fresh database created under it. */
  pgUrl: string;
  /** Measure on the empty database, then fill it (bench/seed.ts) and measure again. */
  seed: boolean;
  /** Forced load generator; undefined picks wrk when it is on PATH, else autocannon. */
  tool: LoadTool | undefined;
  /** Whole runs one after another (fresh servers and databases each), for the targets' "consecutive runs". */
  repeat: number;
}

const usage = `usage: npm run bench -- [options]
  --db sqlite|postgres       database of both servers (default sqlite; postgres: a fresh database each
                             on --pg-url, default $TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
  --seed                     measure, then fill each database (100,000 users, 1,000,000 sessions,
                             10,000 organizations) and measure again, adding admin search and a
                             1,000-member list
  --rounds <n>               alternating rounds per scenario (default 3)
  --duration <s>             measured seconds per round (default 5; 2 with --quick)
  --sign-in-duration <s>     measured seconds per sign-in round (default 8; 2 with --quick)
  --warmup <s>               unmeasured warm-up before each server's turn in a round (default 2; 1 with --quick)
  --connections <n>          concurrent connections (default 20)
  --sign-in-connections <n>  concurrent connections for sign-in (default 8)
  --users <n>                signed-in users, each with an organization, whose requests take turns
                             (default 20: one a connection, as many clients send them)
  --quick                    short runs, for a smoke test
  --only gatehouse|peer|bare run one server only (no ratios)
  --tool wrk|autocannon      load generator (default: wrk when on PATH, else autocannon)
  --repeat <n>               whole runs one after another, each with fresh servers and databases,
                             then every target's verdict in each run (default 1)`;

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'sqlite' },
      'pg-url': { type: 'string' },
      seed: { type: 'boolean', default: false },
      rounds: { type: 'string' },
      duration: { type: 'string' },
      'sign-in-duration': { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      'sign-in-connections': { type: 'string' },
      users: { type: 'string' },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      tool: { type: 'string' },
      repeat: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }

  let servers: ServerKind[] = ['gatehouse', 'peer', 'bare'];
  if (values.only !== undefined) {
    if (values.only !== 'gatehouse' && values.only !== 'peer' && values.only !== 'bare')
      throw new Error(`--only must be gatehouse, peer or bare\n${usage}`);
    servers = [values.only];
  }
  if (values.db !== 'sqlite' && values.db !== 'postgres')
    throw new Error(`--db must be sqlite or postgres\n${usage}`);

  let tool: LoadTool | undefined;
  if (values.tool !== undefined) {
    if (values.tool !== 'wrk' && values.tool !== 'autocannon')
      throw new Error(`--tool must be wrk or autocannon\n${usage}`);
    tool = values.tool;
  }

  const quick = values.quick;
  return {
    durationS: positive(values.duration, '--duration', quick ? 2 : 5),
    signInDurationS: positive(values['sign-in-duration'], '--sign-in-duration', quick ? 2 : 8),
    warmupS: positive(values.warmup, '--warmup', quick ? 1 : 2, true),
    rounds: positive(values.rounds, '--rounds', quick ? 1 : 3),
    connections: positive(values.connections, '--connections', 20),
    signInConnections: positive(values['sign-in-connections'], '--sign-in-connections', 8),
    users: positive(values.users, '--users', quick ? 4 : 20),
    servers,
    db: values.db,
    pgUrl: values['pg-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    seed: values.seed,
    tool,
    repeat: positive(values.repeat, '--repeat', 1),
  };
}

function positive(raw: string | undefined, flag: string, fallback: number, zeroAllowed = false): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (zeroAllowed ? 0 : 1)) {
    throw new Error(`${flag} needs a whole number${zeroAllowed ? '' : ' above 0'}, got "${raw}"\n${usage}`);
  }
  return value;
}
