// Turns measurements into the printed table, the ratios and the target verdicts.
import type { DatabaseKind } from './databases.ts';
import type { LoadResult } from './load.ts';
import type { ServerKind } from './servers.ts';

/** `empty`: only the bench user's rows; `seeded`: after bench/seed.ts filled the database. */
export type Phase = 'empty' | 'seeded';

/**
 * With `--seed`, a second Gatehouse whose database stays empty runs through the seeded phase and takes
 * a turn in the same alternating rounds as the seeded one, where a scenario has a seeded-vs-empty
 * target: the two are then measured minutes apart no longer, so the machine's drift between the
 * phases stays out of the ratio.
 */
export const EMPTY_TWIN = 'gatehouse, empty database';

/** Who answered a measurement: a server of the run, or the empty-database twin. */
export type Contestant = ServerKind | typeof EMPTY_TWIN;

/** The scenarios whose seeded figure must stay within 1.2x of the empty one. */
export const comparedWithEmpty = (scenario: string): boolean => /^(get-session|list-sessions)/.test(scenario);

export interface Measurement {
  scenario: string;
  server: Contestant;
  phase: Phase;
  /** The rounds together: req/s over all of them, p50/p99 the median of the rounds' figures. */
  result: LoadResult;
  rounds: LoadResult[];
}

export interface Comparison {
  scenario: string;
  phase: Phase;
  /** Gatehouse ÷ peer (req/s higher is better, p99 lower is better). */
  vsPeer: { rps: number; p99: number } | undefined;
  /** Gatehouse req/s ÷ bare node:http req/s: the fraction of the machine's ceiling. */
  vsBare: number | undefined;
  /**
   * Bare node:http req/s ÷ peer req/s: the most any Node server could score against the peer on
   * this machine in this run. Where syscalls are dear (a nested virtual machine), it falls, and
   * with it every req/s-vs-peer ratio.
   */
  bareVsPeer: number | undefined;
  /** Seeded Gatehouse req/s ÷ its empty-database twin's, measured in the same rounds. */
  vsEmpty: number | undefined;
  /**
   * For an `x-api-key` scenario: Gatehouse's req/s with the session cookie ÷ with the key, in the same
   * run: what the key costs per request against the cookie (1.5 means half again as much).
   */
  keyVsCookie: number | undefined;
  /** False when a run had non-2xx answers or socket errors: its ratios mean little. */
  clean: boolean;
}

export interface TargetCheck {
  scenario: string;
  phase: Phase;
  target: string;
  value: number;
  pass: boolean;
  /**
   * For a req/s-vs-peer target, the same ratio for bare node:http in this run (`bareVsPeer`, the most
   * any Node server could score), so a miss the machine forced shows as one.
   */
  bare?: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export function combineRounds(rounds: LoadResult[]): LoadResult {
  const first = rounds[0];
  if (first === undefined) throw new Error('no rounds to combine');
  const duration = rounds.reduce((sum, round) => sum + round.durationS, 0);
  const responses = rounds.reduce((sum, round) => sum + round.responses, 0);
  return {
    tool: first.tool,
    connections: first.connections,
    durationS: duration,
    responses,
    requestsPerSec: duration > 0 ? responses / duration : 0,
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}

/** A run with errors, or with no answer at all, says little: its targets count as failed. */
export const isClean = (result: LoadResult): boolean =>
  result.responses > 0 && result.non2xx === 0 && result.errors === 0;

const KEY_SUFFIX = ' (x-api-key)';

/** The cookie scenario an `x-api-key` scenario is the twin of (bench/scenarios.ts, withApiKey). */
const cookieTwinOf = (scenario: string): string | undefined =>
  scenario.endsWith(KEY_SUFFIX) ? scenario.slice(0, -KEY_SUFFIX.length) : undefined;

export function compare(measurements: Measurement[]): Comparison[] {
  const find = (scenario: string, server: Contestant, phase: Phase) =>
    measurements.find((m) => m.scenario === scenario && m.server === server && m.phase === phase)?.result;
  const comparisons: Comparison[] = [];
  const seen = new Set<string>();
  for (const { scenario, phase } of measurements) {
    if (seen.has(`${phase} ${scenario}`)) continue;
    seen.add(`${phase} ${scenario}`);
    const gatehouse = find(scenario, 'gatehouse', phase);
    if (gatehouse === undefined) continue;
    const peer = find(scenario, 'peer', phase);
    const bare = find(scenario, 'bare', phase);
    const empty = phase === 'seeded' ? find(scenario, EMPTY_TWIN, 'seeded') : undefined;
    const twin = cookieTwinOf(scenario);
    const cookie = twin === undefined ? undefined : find(twin, 'gatehouse', phase);
    comparisons.push({
      scenario,
      phase,
      vsPeer:
        peer === undefined
          ? undefined
          : { rps: gatehouse.requestsPerSec / peer.requestsPerSec, p99: gatehouse.p99Ms / peer.p99Ms },
      vsBare: bare === undefined ? undefined : gatehouse.requestsPerSec / bare.requestsPerSec,
      bareVsPeer:
        bare === undefined || peer === undefined ? undefined : bare.requestsPerSec / peer.requestsPerSec,
      vsEmpty: empty === undefined ? undefined : gatehouse.requestsPerSec / empty.requestsPerSec,
      keyVsCookie: cookie === undefined ? undefined : cookie.requestsPerSec / gatehouse.requestsPerSec,
      clean: [gatehouse, peer, bare, empty, cookie].every(
        (result) => result === undefined || isClean(result),
      ),
    });
  }
  return comparisons;
}

/** The targets of the performance issue, in README order. `scryptCeiling` is hashes/s of this run. */
export function checkTargets(
  comparisons: Comparison[],
  measurements: Measurement[],
  db: DatabaseKind,
  scryptCeiling: number | undefined,
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const check = (
    c: { scenario: string; phase: Phase; clean: boolean },
    target: string,
    value: number,
    pass: boolean,
    bare?: number,
  ) =>
    checks.push({
      scenario: c.scenario,
      phase: c.phase,
      target,
      value,
      pass: pass && c.clean,
      ...(bare !== undefined && { bare }),
    });
  const rpsAtLeast: Record<string, number> = {
    'get-session (cookie cache off)': db === 'postgres' ? 15 : 20,
    'list-sessions': 10,
    'get-session (cookie cache on)': 30,
    [`get-session (cookie cache off)${KEY_SUFFIX}`]: 20,
    [`get-full-organization${KEY_SUFFIX}`]: 20,
  };
  for (const c of comparisons) {
    if (c.vsPeer !== undefined) {
      const floor = rpsAtLeast[c.scenario];
      if (floor !== undefined && c.phase === 'empty' && c.scenario !== 'sign-in') {
        check(c, `req/s vs peer ≥ ${floor}`, c.vsPeer.rps, c.vsPeer.rps >= floor, c.bareVsPeer);
      }
      if (c.scenario !== 'sign-in') check(c, 'p99 vs peer ≤ 0.1', c.vsPeer.p99, c.vsPeer.p99 <= 0.1);
    }
    if (c.keyVsCookie !== undefined) {
      check(c, 'cost vs session cookie ≤ 1.5', c.keyVsCookie, c.keyVsCookie <= 1.5);
    }
    if (c.scenario === 'get-session (cookie cache on)' && c.vsBare !== undefined) {
      check(c, 'req/s vs bare node:http ≥ 0.6', c.vsBare, c.vsBare >= 0.6);
    }
    if (c.vsEmpty !== undefined && comparedWithEmpty(c.scenario)) {
      // "within 1.2x of the empty figure": the seeded rate is at least 1/1.2 of the empty one.
      check(c, 'req/s seeded vs empty ≥ 1/1.2', c.vsEmpty, c.vsEmpty >= 1 / 1.2);
    }
  }
  for (const m of measurements) {
    if (m.server !== 'gatehouse') continue;
    if (m.phase === 'seeded' && /^(admin list-users|list-members)/.test(m.scenario)) {
      check({ ...m, clean: isClean(m.result) }, 'p99 ≤ 50 ms', m.result.p99Ms, m.result.p99Ms <= 50);
    }
    if (m.scenario === 'sign-in' && scryptCeiling !== undefined) {
      const share = m.result.requestsPerSec / scryptCeiling;
      check({ ...m, clean: isClean(m.result) }, 'req/s vs scrypt ceiling ≥ 0.9', share, share >= 0.9);
    }
  }
  return checks;
}

function table(header: string[], rows: string[][], numericFrom: number): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (i >= numericFrom ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join(' | ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}

export function formatTable(measurements: Measurement[]): string {
  return table(
    ['phase', 'scenario', 'server', 'req/s', 'p50 ms', 'p99 ms', 'responses', 'non-2xx', 'errors'],
    measurements.map((m) => [
      m.phase,
      m.scenario,
      m.server,
      m.result.requestsPerSec.toFixed(0),
      m.result.p50Ms.toFixed(2),
      m.result.p99Ms.toFixed(2),
      String(m.result.responses),
      String(m.result.non2xx),
      String(m.result.errors),
    ]),
    3,
  );
}

const ratio = (value: number | undefined, digits = 2): string =>
  value === undefined ? '–' : `${value.toFixed(digits)}x`;

export function formatComparisons(comparisons: Comparison[], checks: TargetCheck[]): string {
  const ratios = table(
    [
      'phase',
      'scenario',
      'req/s vs peer',
      'p99 vs peer',
      'vs bare',
      'bare vs peer',
      'seeded vs empty',
      'key vs cookie cost',
    ],
    comparisons.map((c) => [
      c.phase,
      c.scenario + (c.clean ? '' : ' (errors: FAIL)'),
      ratio(c.vsPeer?.rps),
      ratio(c.vsPeer?.p99, 3),
      ratio(c.vsBare),
      ratio(c.bareVsPeer),
      ratio(c.vsEmpty),
      ratio(c.keyVsCookie),
    ]),
    2,
  );
  const verdicts = checks.map(
    (c) =>
      `${c.pass ? 'PASS' : 'FAIL'}  ${c.phase} ${c.scenario}: ${c.target} (measured ${c.value.toFixed(3)}` +
      `${c.bare === undefined ? '' : `; bare node:http ${c.bare.toFixed(3)}`})`,
  );
  return [ratios, '', ...verdicts].join('\n');
}

/**
 * Every target's verdict in each of a series of whole runs (`--repeat`): the issue's targets hold
 * only when they hold in consecutive runs, and on a shared machine a line a few percent from its
 * target passes in some runs and fails in others. A target missing from a run counts as not held. A
 * missed req/s-vs-peer target shows bare node:http's figure against the peer, so a miss the machine
 * forced in that run shows as one.
 */
export function formatConsecutiveRuns(runs: TargetCheck[][]): string {
  const failed = (c: TargetCheck): string =>
    c.bare === undefined ? ' FAIL' : ` FAIL (bare ${c.bare.toFixed(c.bare < 10 ? 2 : 1)})`;
  const key = (c: TargetCheck): string => `${c.phase}\u0000${c.scenario}\u0000${c.target}`;
  const targets = new Map<string, TargetCheck>();
  for (const checks of runs) for (const c of checks) if (!targets.has(key(c))) targets.set(key(c), c);
  const byRun = runs.map((checks) => new Map(checks.map((c) => [key(c), c])));
  const rows = [...targets].map(([id, target]) => {
    const found = byRun.map((checks) => checks.get(id));
    const held = found.filter((c) => c?.pass === true).length;
    return [
      target.phase,
      target.scenario,
      target.target,
      ...found.map((c) => (c === undefined ? '–' : `${c.value.toFixed(3)}${c.pass ? '' : failed(c)}`)),
      `${held}/${runs.length}`,
    ];
  });
  return table(['phase', 'scenario', 'target', ...runs.map((_, i) => `run ${i + 1}`), 'held'], rows, 3);
}
