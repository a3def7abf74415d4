import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './format-time.ts';

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

describe('formatRelativeTime in German and French', () => {
  it.each([
    ['de', ago(10), 'jetzt'],
    ['de', ago(5 * 60), 'vor 5 Minuten'],
    ['de', ago(26 * 60 * 60), 'gestern'],
    ['de', new Date(now.getTime() + 2 * 60 * 60 * 1000), 'in 2 Stunden'],
    ['fr', ago(10), 'maintenant'],
    ['fr', ago(5 * 60), 'il y a 5 minutes'],
    ['fr', ago(26 * 60 * 60), 'hier'],
    ['fr', new Date(now.getTime() + 2 * 60 * 60 * 1000), 'dans 2 heures'],
  ])('%s: %s reads "%s"', (locale, date, text) => {
    expect(formatRelativeTime(date, now, locale)).toBe(text);
  });
});

describe('formatDateTime', () => {
  const date = new Date('2026-03-12T10:42:00Z');
  it.each([
    ['en', /Mar 12, 2026/],
    ['de', /12\.03\.2026/],
    ['fr', /12 mars 2026/],
  ])('%s writes the date its own way', (locale, pattern) => {
    expect(formatDateTime(date, locale)).toMatch(pattern);
  });
});
