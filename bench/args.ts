// Command-line flags of `npm run bench`.
import { parseArgs } from 'node:util';
import type { LoadTool } from './load.ts';
import type { ServerKind } from './servers.ts';

export interface BenchOptions {
  durationS: number;
  /** Sign-in is bound by password hashing (~20 req/s), so it needs a longer run for enough samples. */
  signInDurationS: number;
  warmupS: number;
  connections: number;
  signInConnections: number;
  servers: ServerKind[];
  /** Forced load generator; undefined picks wrk when it is on PATH, else autocannon. */
  tool: LoadTool | undefined;
}

const SIGN_IN_MIN_DURATION_S = 20;

const usage = `usage: npm run bench -- [options]
  --duration <s>             measured seconds per scenario (default 10, sign-in 20; 3 with --quick)
  --sign-in-duration <s>     measured seconds for sign-in (default: --duration if given, else 20)
  --warmup <s>               unmeasured warm-up seconds before each scenario (default 2; 1 with --quick)
  --connections <n>          concurrent connections for get-session (default 32)
  --sign-in-connections <n>  concurrent connections for sign-in (default 8)
  --quick                    short runs, for a smoke test
  --only gatehouse|peer      run one server only (no ratios)
  --tool wrk|autocannon      load generator (default: wrk when on PATH, else autocannon)`;

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      'sign-in-duration': { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      'sign-in-connections': { type: 'string' },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      tool: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }

  let servers: ServerKind[] = ['gatehouse', 'peer'];
  if (values.only !== undefined) {
    if (values.only !== 'gatehouse' && values.only !== 'peer')
      throw new Error(`--only must be gatehouse or peer\n${usage}`);
    servers = [values.only];
  }

  let tool: LoadTool | undefined;
  if (values.tool !== undefined) {
    if (values.tool !== 'wrk' && values.tool !== 'autocannon')
      throw new Error(`--tool must be wrk or autocannon\n${usage}`);
    tool = values.tool;
  }

  const durationS = positive(values.duration, '--duration', values.quick ? 3 : 10);
  // An explicit --duration or --quick applies to sign-in too; by default sign-in gets at least 20 s.
  const signInDefault =
    values.duration !== undefined || values.quick ? durationS : Math.max(durationS, SIGN_IN_MIN_DURATION_S);
  return {
    durationS,
    signInDurationS: positive(values['sign-in-duration'], '--sign-in-duration', signInDefault),
    warmupS: positive(values.warmup, '--warmup', values.quick ? 1 : 2, true),
    connections: positive(values.connections, '--connections', 32),
    signInConnections: positive(values['sign-in-connections'], '--sign-in-connections', 8),
    servers,
    tool,
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
