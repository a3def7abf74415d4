import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../context.ts';
import { isFresh } from './resolve-session.ts';
import type { Session } from './session.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;

const contextWith = (freshAge: number) =>
  ({ options: { session: { freshAge }, now: () => NOW } }) as unknown as AuthContext;
const sessionAt = (createdHoursAgo: number, updatedHoursAgo: number): Session => ({
  id: 's',
  token: 't',
  userId: 'u',
  expiresAt: new Date(NOW + 100 * HOUR),
  createdAt: new Date(NOW - createdHoursAgo * HOUR),
  updatedAt: new Date(NOW - updatedHoursAgo * HOUR),
  ipAddress: null,
  userAgent: null,
  impersonatedBy: null,
});

describe('session freshness (docs/protocol/core.md#session-lifecycle)', () => {
  it('a session created within the fresh age is fresh', () => {
    expect(isFresh(contextWith(86_400), sessionAt(23, 23))).toBe(true);
  });

  it('a session created and last updated beyond the fresh age is not fresh', () => {
    expect(isFresh(contextWith(86_400), sessionAt(25, 25))).toBe(false);
  });

  it('a recent update makes an old session fresh again', () => {
    expect(isFresh(contextWith(86_400), sessionAt(72, 1))).toBe(true);
  });

  it('a fresh age of 0 disables the check', () => {
    expect(isFresh(contextWith(0), sessionAt(10_000, 10_000))).toBe(true);
  });
});
