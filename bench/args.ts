// Command-line flags of `npm run bench`.
import { parseArgs } from 'node:util';
import type { ServerKind } from './servers.ts';

export interface BenchOptions {
  durationS: number;
  warmupS: number;
  connections: number;
  signInConnections: number;
  servers: ServerKind[];
}

const usage = `usage: npm run bench -- [options]
  --duration <s>             measured seconds per scenario (default 10; 3 with --quick)
  --warmup <s>               unmeasured warm-up seconds before each scenario (default 2; 1 with --quick)
  --connections <n>          concurrent connections for get-session (default 32)
  --sign-in-connections <n>  concurrent connections for sign-in (default 8)
  --quick                    short runs, for a smoke test
  --only gatehouse|peer      run one server only (no ratios)`;

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      'sign-in-connections': { type: 'string' },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
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

  return {
    durationS: positive(values.duration, '--duration', values.quick ? 3 : 10),
    warmupS: positive(values.warmup, '--warmup', values.quick ? 1 : 2, true),
    connections: positive(values.connections, '--connections', 32),
    signInConnections: positive(values['sign-in-connections'], '--sign-in-connections', 8),
    servers,
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
