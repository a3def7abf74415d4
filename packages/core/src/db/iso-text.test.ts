import { describe, expect, it } from 'vitest';
import { toIsoText } from './schema.ts';

describe('toIsoText', () => {
  it('answers text already in toISOString form as stored', () => {
    const stored = '2026-11-27T10:15:30.123Z';
    expect(toIsoText(stored)).toBe(stored);
    expect(toIsoText(stored)).toBe(new Date(stored).toISOString());
  });

  it('writes any other stored form, and Dates, as toISOString would', () => {
    expect(toIsoText('2026-11-27T10:15:30Z')).toBe('2026-11-27T10:15:30.000Z');
    expect(toIsoText('2026-11-27T11:15:30.123+01:00')).toBe('2026-11-27T10:15:30.123Z');
    expect(toIsoText(new Date(Date.UTC(2026, 10, 27, 10, 15, 30, 123)))).toBe('2026-11-27T10:15:30.123Z');
  });

  it('still refuses text that is no date at all', () => {
    expect(() => toIsoText('not a date')).toThrow(RangeError);
  });
});
