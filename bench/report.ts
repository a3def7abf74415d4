// Turns measurements into the printed table, the Gatehouse/peer ratios and the target verdicts.
import type { LoadResult } from './load.ts';
import type { ServerKind } from './servers.ts';

export interface Measurement {
  scenario: string;
  server: ServerKind;
  cookieCache: boolean;
  result: LoadResult;
}

export interface Comparison {
  scenario: string;
  rpsRatio: number;
  p99Ratio: number;
  /** False when either run saw non-2xx answers or socket errors: its ratios mean little. */
  clean: boolean;
}

export interface TargetCheck {
  scenario: string;
  target: string;
  value: number;
  pass: boolean;
}

interface Target {
  metric: 'rpsRatio' | 'p99Ratio';
  atLeast?: number;
  atMost?: number;
}

const targets: Record<string, Target[]> = {
  'get-session (cookie cache on)': [
    { metric: 'rpsRatio', atLeast: 10 },
    { metric: 'p99Ratio', atMost: 0.2 },
  ],
  'get-session (cookie cache off)': [
    { metric: 'rpsRatio', atLeast: 10 },
    { metric: 'p99Ratio', atMost: 0.2 },
  ],
  'sign-in': [{ metric: 'rpsRatio', atLeast: 1 }],
};

const metricLabel: Record<Target['metric'], string> = { rpsRatio: 'req/s ratio', p99Ratio: 'p99 ratio' };

export function isClean(result: LoadResult): boolean {
  return result.non2xx === 0 && result.errors === 0;
}

export function compare(measurements: Measurement[]): Comparison[] {
  const comparisons: Comparison[] = [];
  for (const scenario of new Set(measurements.map((m) => m.scenario))) {
    const gatehouse = measurements.find((m) => m.scenario === scenario && m.server === 'gatehouse')?.result;
    const peer = measurements.find((m) => m.scenario === scenario && m.server === 'peer')?.result;
    if (gatehouse === undefined || peer === undefined) continue;
    comparisons.push({
      scenario,
      rpsRatio: gatehouse.requestsPerSec / peer.requestsPerSec,
      p99Ratio: gatehouse.p99Ms / peer.p99Ms,
      clean: isClean(gatehouse) && isClean(peer),
    });
  }
  return comparisons;
}

export function checkTargets(comparisons: Comparison[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const comparison of comparisons) {
    for (const target of targets[comparison.scenario] ?? []) {
      const value = comparison[target.metric];
      const withinBounds =
        (target.atLeast === undefined || value >= target.atLeast) &&
        (target.atMost === undefined || value <= target.atMost);
      const bound = target.atLeast !== undefined ? `≥ ${target.atLeast}` : `≤ ${target.atMost}`;
      checks.push({
        scenario: comparison.scenario,
        target: `${metricLabel[target.metric]} ${bound}`,
        value,
        pass: withinBounds && comparison.clean,
      });
    }
  }
  return checks;
}

export function formatTable(measurements: Measurement[]): string {
  const header = ['scenario', 'server', 'req/s', 'p50 ms', 'p99 ms', 'responses', 'non-2xx', 'errors'];
  const rows = measurements.map((m) => [
    m.scenario,
    m.server,
    m.result.requestsPerSec.toFixed(0),
    m.result.p50Ms.toFixed(2),
    m.result.p99Ms.toFixed(2),
    String(m.result.responses),
    String(m.result.non2xx),
    String(m.result.errors),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const numeric = (i: number): boolean => i >= 2;
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (numeric(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join(' | ');
  const rule = widths.map((width) => '-'.repeat(width)).join('-|-');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function formatComparisons(comparisons: Comparison[], checks: TargetCheck[]): string {
  const lines: string[] = [];
  for (const comparison of comparisons) {
    const note = comparison.clean ? '' : '  (a run had non-2xx or socket errors: targets count as FAIL)';
    lines.push(
      `${comparison.scenario}: Gatehouse/peer req/s = ${comparison.rpsRatio.toFixed(2)}x, p99 = ${comparison.p99Ratio.toFixed(3)}x${note}`,
    );
  }
  if (checks.length > 0) lines.push('');
  for (const check of checks) {
    lines.push(
      `${check.pass ? 'PASS' : 'FAIL'}  ${check.scenario}: ${check.target} (measured ${check.value.toFixed(3)})`,
    );
  }
  return lines.join('\n');
}
