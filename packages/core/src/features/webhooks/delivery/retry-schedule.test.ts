import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextDelayMs, parseRetryAfter, retryDelayMs } from './retry-schedule.ts';

const middle = () => 0.5;
const lowest = () => 0;
const highest = () => 0.999_999_999;
const DAY = 24 * 60 * 60 * 1000;

describe('retryDelayMs', () => {
  it('grows by 5 from the base: 5 s, 25 s, 125 s, … with the default base', () => {
    const delays = Array.from({ length: 7 }, (_, i) => retryDelayMs(i + 1, 5000, middle));
    expect(delays).toEqual([5000, 25_000, 125_000, 625_000, 3_125_000, 15_625_000, 78_125_000]);
  });

  it('with the tests base of 500: 0.5 s, 2.5 s, 12.5 s', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, 500, middle))).toEqual([500, 2500, 12_500]);
  });

  it('jitters within ±20 %', () => {
    expect(retryDelayMs(1, 5000, lowest)).toBe(4000);
    expect(retryDelayMs(1, 5000, highest)).toBe(6000);
    expect(retryDelayMs(2, 5000, () => 0.25)).toBe(22_500);
  });

  it('refuses a count of attempts that cannot come before a retry', () => {
    expect(() => retryDelayMs(0, 5000, middle)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5, 5000, middle)).toThrow(RangeError);
  });
});

describe('nextDelayMs', () => {
  it('follows the schedule until the eighth attempt, then there is none', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect(nextDelayMs(1, 5000, undefined, middle)).toBe(5000);
    expect(nextDelayMs(7, 5000, undefined, middle)).toBe(78_125_000);
    expect(nextDelayMs(8, 5000, undefined, middle)).toBeUndefined();
    expect(nextDelayMs(9, 5000, 1000, middle)).toBeUndefined();
  });

  it('waits at least as long as Retry-After asks', () => {
    expect(nextDelayMs(1, 5000, 60_000, middle)).toBe(60_000);
    // A shorter Retry-After does not hurry the schedule.
    expect(nextDelayMs(2, 5000, 1000, middle)).toBe(25_000);
  });

  it('never waits more than 24 h, whatever the schedule or Retry-After says', () => {
    expect(nextDelayMs(1, 5000, 7 * DAY, middle)).toBe(DAY);
    expect(nextDelayMs(7, 3_600_000, undefined, middle)).toBe(DAY);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-12-03T07:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the time left until it, a past date as 0', () => {
    expect(parseRetryAfter('Thu, 03 Dec 2026 07:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Thursday, 03-Dec-26 07:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Thu, 03 Dec 2026 06:00:00 GMT', now)).toBe(0);
  });

  it.each([null, '', 'soon', '-5', '1.5', '12abc', 'May', 'Thu, 99 Foo 2026 07:01:30 GMT', '9'.repeat(30)])(
    'ignores %j',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    },
  );
});
