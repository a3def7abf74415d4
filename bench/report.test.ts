import { describe, expect, it } from 'vitest';
import {
  checkTargets,
  compare,
  EMPTY_TWIN,
  formatComparisons,
  formatConsecutiveRuns,
  type Measurement,
  type TargetCheck,
} from './report.ts';

const check = (target: string, value: number, pass: boolean, scenario = 'get-session (cookie cache on)') =>
  ({ scenario, phase: 'empty', target, value, pass }) satisfies TargetCheck;

/** A clean load result of this rate: five seconds of it, every answer a 2xx. */
const result = (requestsPerSec: number) => ({
  tool: 'wrk' as const,
  connections: 20,
  durationS: 5,
  responses: requestsPerSec * 5,
  requestsPerSec,
  p50Ms: 1,
  p99Ms: 2,
  non2xx: 0,
  errors: 0,
});

describe('formatConsecutiveRuns', () => {
  it('shows each target once, its value in every run, the failures marked and how many runs it held', () => {
    const text = formatConsecutiveRuns([
      [check('req/s vs peer ≥ 30', 31.25, true), check('req/s vs bare node:http ≥ 0.6', 0.55, false)],
      [check('req/s vs peer ≥ 30', 27.4, false), check('req/s vs bare node:http ≥ 0.6', 0.61, true)],
      [check('req/s vs peer ≥ 30', 30.5, true), check('req/s vs bare node:http ≥ 0.6', 0.63, true)],
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^phase\s+\| scenario\s+\| target\s+\| +run 1 \| +run 2 \| +run 3 \| held$/);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/req\/s vs peer ≥ 30 *\| +31\.250 \| 27\.400 FAIL \| +30\.500 \| +2\/3$/);
    expect(lines[3]).toMatch(/vs bare node:http ≥ 0\.6 *\| 0\.550 FAIL \| +0\.610 \| +0\.630 \| +2\/3$/);
  });

  it('counts a target a run did not check as not held there', () => {
    const text = formatConsecutiveRuns([[check('p99 vs peer ≤ 0.1', 0.05, true, 'list-sessions')], []]);
    const row = text.split('\n')[2];
    expect(row).toMatch(/\| +0\.050 \| +– \| +1\/2$/);
  });

  it('keeps targets of the same name on different scenarios apart', () => {
    const text = formatConsecutiveRuns([
      [check('p99 vs peer ≤ 0.1', 0.05, true, 'list-sessions'), check('p99 vs peer ≤ 0.1', 0.2, false)],
    ]);
    expect(text.split('\n').slice(2)).toEqual([
      expect.stringMatching(/list-sessions .*0\.050 \| +1\/1$/),
      expect.stringMatching(/cookie cache on.*0\.200 FAIL \| +0\/1$/),
    ]);
  });
});

describe('the machine ceiling against the peer', () => {
  const measured = (server: 'gatehouse' | 'peer' | 'bare', requestsPerSec: number): Measurement => ({
    scenario: 'get-session (cookie cache on)',
    server,
    phase: 'empty',
    result: result(requestsPerSec),
    rounds: [result(requestsPerSec)],
  });

  it('is bare node:http over the peer, carried by the req/s-vs-peer target and named where it is missed', () => {
    const measurements = [measured('gatehouse', 8_500), measured('peer', 500), measured('bare', 13_500)];
    const comparisons = compare(measurements);
    expect(comparisons[0]?.bareVsPeer).toBe(27);
    const checks = checkTargets(comparisons, measurements, 'sqlite', undefined);
    const rps = checks.find((c) => c.target === 'req/s vs peer ≥ 30');
    expect(rps).toMatchObject({ value: 17, pass: false, bare: 27 });
    expect(checks.find((c) => c.target === 'p99 vs peer ≤ 0.1')?.bare).toBeUndefined();
    expect(formatComparisons(comparisons, checks)).toContain(
      'FAIL  empty get-session (cookie cache on): req/s vs peer ≥ 30 (measured 17.000; bare node:http 27.000)',
    );
    expect(formatConsecutiveRuns([checks]).split('\n')[2]).toMatch(/17\.000 FAIL \(bare 27\.0\) \| +0\/1$/);
  });

  it('is unknown without a bare or a peer measurement', () => {
    const comparisons = compare([measured('gatehouse', 8_500), measured('peer', 500)]);
    expect(comparisons[0]?.bareVsPeer).toBeUndefined();
    expect(checkTargets(comparisons, [], 'sqlite', undefined)[0]).not.toHaveProperty('bare');
  });
});

describe('seeded against empty', () => {
  const measured = (
    server: 'gatehouse' | 'bare' | typeof EMPTY_TWIN,
    phase: 'empty' | 'seeded',
    requestsPerSec: number,
    scenario = 'list-sessions',
  ) => ({ scenario, server, phase, result: result(requestsPerSec), rounds: [result(requestsPerSec)] });

  it('is the seeded Gatehouse over its empty-database twin of the same rounds, not the empty phase', () => {
    const measurements = [
      measured('gatehouse', 'empty', 20_000),
      measured('bare', 'empty', 40_000),
      measured('gatehouse', 'seeded', 8_000),
      measured(EMPTY_TWIN, 'seeded', 10_000),
      measured('bare', 'seeded', 32_000),
    ];
    const comparisons = compare(measurements);
    expect(comparisons.find((c) => c.phase === 'seeded')?.vsEmpty).toBe(0.8);
    expect(comparisons.find((c) => c.phase === 'empty')?.vsEmpty).toBeUndefined();
    expect(comparisons.map((c) => c.phase)).toEqual(['empty', 'seeded']);
    const checks = checkTargets(comparisons, measurements, 'sqlite', undefined);
    const verdict = checks.find((c) => c.target === 'req/s seeded vs empty ≥ 1/1.2');
    expect(verdict).toMatchObject({ value: 0.8, pass: false });
    expect(verdict).not.toHaveProperty('bare');
    const printed = formatComparisons(comparisons, checks);
    expect(printed).toMatch(/^seeded \| list-sessions .*\| +0\.80x \| +– *$/m);
    expect(printed).toContain('FAIL  seeded list-sessions: req/s seeded vs empty ≥ 1/1.2 (measured 0.800)');
  });

  it('passes at 1/1.2 and is checked only for get-session and list-sessions', () => {
    const measurements = [
      measured('gatehouse', 'seeded', 10_000, 'get-session (cookie cache off)'),
      measured(EMPTY_TWIN, 'seeded', 12_000, 'get-session (cookie cache off)'),
      measured('gatehouse', 'seeded', 1_000, 'get-full-organization'),
      measured(EMPTY_TWIN, 'seeded', 9_000, 'get-full-organization'),
    ];
    const checks = checkTargets(compare(measurements), measurements, 'sqlite', undefined);
    expect(checks.filter((c) => c.target.startsWith('req/s seeded vs empty'))).toEqual([
      expect.objectContaining({ scenario: 'get-session (cookie cache off)', pass: true }),
    ]);
  });

  it('counts errors of the twin as a failed run', () => {
    const twin = measured(EMPTY_TWIN, 'seeded', 10_000);
    const measurements = [
      measured('gatehouse', 'seeded', 10_000),
      { ...twin, result: { ...twin.result, errors: 3 } },
    ];
    const checks = checkTargets(compare(measurements), measurements, 'sqlite', undefined);
    expect(checks.find((c) => c.target.startsWith('req/s seeded vs empty'))).toMatchObject({
      value: 1,
      pass: false,
    });
  });
});

describe('API key against session cookie', () => {
  const measured = (server: 'gatehouse' | 'peer', scenario: string, requestsPerSec: number) => ({
    scenario,
    server,
    phase: 'empty' as const,
    result: result(requestsPerSec),
    rounds: [result(requestsPerSec)],
  });

  it("is Gatehouse's cookie req/s over its key req/s, checked against 1.5, beside the key's req/s vs peer", () => {
    const measurements = [
      measured('gatehouse', 'get-full-organization', 6_000),
      measured('gatehouse', 'get-full-organization (x-api-key)', 3_000),
      measured('peer', 'get-full-organization (x-api-key)', 200),
    ];
    const comparisons = compare(measurements);
    const key = comparisons.find((c) => c.scenario === 'get-full-organization (x-api-key)');
    expect(key?.keyVsCookie).toBe(2);
    expect(comparisons.find((c) => c.scenario === 'get-full-organization')?.keyVsCookie).toBeUndefined();
    const checks = checkTargets(comparisons, measurements, 'sqlite', undefined);
    expect(checks.find((c) => c.target === 'cost vs session cookie ≤ 1.5')).toMatchObject({
      value: 2,
      pass: false,
    });
    expect(checks.find((c) => c.target === 'req/s vs peer ≥ 20')).toMatchObject({ value: 15, pass: false });
  });
});
