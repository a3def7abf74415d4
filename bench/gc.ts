// `npm run bench:gc -- "<scenario>" [--db postgres] [--seed]`: one Gatehouse instance under wrk
// load, and what garbage collection cost it during the measured run, read from its own /metrics
// (prom-client's `nodejs_gc_duration_seconds`, by kind) before and after. Pauses are the tail:
// a young-generation collection that copies what requests left reachable delays every answer
// waiting behind it (bench/README.md, "Garbage collection").
import { loadOneGatehouse, oneServerArgs } from './one-server.ts';
import type { RunningServer } from './servers.ts';

/** Per collection kind: how many, and seconds in all. */
type GcTotals = Map<string, { count: number; seconds: number; overOneMs: number }>;

async function gcTotals(server: RunningServer): Promise<GcTotals> {
  const response = await fetch(`${server.baseUrl}/metrics`);
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  const totals: GcTotals = new Map();
  const of = (kind: string) => {
    const entry = totals.get(kind) ?? { count: 0, seconds: 0, overOneMs: 0 };
    totals.set(kind, entry);
    return entry;
  };
  for (const line of (await response.text()).split('\n')) {
    const match = /^nodejs_gc_duration_seconds_(count|sum|bucket)\{(.*)\} (\S+)$/.exec(line);
    if (match === null) continue;
    const [, part, labels = '', value] = match;
    const kind = /kind="([^"]+)"/.exec(labels)?.[1] ?? '?';
    if (part === 'count') of(kind).count = Number(value);
    else if (part === 'sum') of(kind).seconds = Number(value);
    // Buckets count pauses at or under their bound: over 1 ms is the count less the 1 ms bucket.
    else if (labels.includes('le="0.001"')) of(kind).overOneMs = -Number(value);
  }
  for (const entry of totals.values()) entry.overOneMs += entry.count;
  return totals;
}

const args = oneServerArgs('bench:gc');
const read: { before?: GcTotals; after?: GcTotals } = {};
const result = await loadOneGatehouse({
  ...args,
  before: async (server) => {
    read.before = await gcTotals(server);
  },
  after: async (server) => {
    read.after = await gcTotals(server);
  },
});
const { before = new Map(), after = new Map() } = read;
console.log(
  `${args.scenario.name}: ${result.requestsPerSec.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`,
);
console.log('kind         collections  total ms  mean ms  over 1 ms  share of the run');
for (const [kind, end] of after) {
  const start = before.get(kind) ?? { count: 0, seconds: 0, overOneMs: 0 };
  const count = end.count - start.count;
  const ms = (end.seconds - start.seconds) * 1000;
  if (count === 0) continue;
  console.log(
    `${kind.padEnd(12)} ${String(count).padStart(11)} ${ms.toFixed(0).padStart(9)} ${(ms / count).toFixed(2).padStart(8)} ${String(end.overOneMs - start.overOneMs).padStart(10)} ${`${((ms / (args.durationS * 1000)) * 100).toFixed(1)}%`.padStart(17)}`,
  );
}
