import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-time.ts';

const now = new Date('2026-03-12T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it.each([
    [ago(10), 'now'],
    [ago(5 * 60), '5 minutes ago'],
    [ago(3 * 60 * 60 + 59 * 60), '3 hours ago'],
    [ago(26 * 60 * 60), 'yesterday'],
    [ago(3 * 24 * 60 * 60), '3 days ago'],
    [ago(15 * 24 * 60 * 60), '2 weeks ago'],
    [ago(400 * 24 * 60 * 60), 'last year'],
    [new Date(now.getTime() + 2 * 60 * 60 * 1000), 'in 2 hours'],
  ])('%s reads "%s"', (date, text) => {
    expect(formatRelativeTime(date, now, 'en')).toBe(text);
  });
});
