/**
 * Options that cannot work are refused by `createAuth` at start-up, before anything runs: the
 * core's checks first, then each feature's. With two bad options at once, the one checked first
 * is the one reported, so the order is part of what an operator sees.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createAuth } from './create-auth.ts';
import { connectDatabase } from './db/connect.ts';
import type { AuthOptions } from './options.ts';
import { TEST_SECRET } from './testing/test-server.ts';

const database = connectDatabase(':memory:');
afterAll(() => database.close());

const startWith = (options: Partial<AuthOptions>) => () =>
  createAuth({ secret: TEST_SECRET, baseURL: 'http://localhost:3000', database, ...options });

const bad = {
  core: { session: { expiresIn: 401 * 86_400 } },
  twoFactor: { twoFactor: { enabled: true, otp: { enabled: true } } },
  jwt: { jwt: { enabled: true, expiresIn: 0 } },
  passkey: { passkey: { rpID: 'https://example.com' } },
  audit: { audit: { retentionDays: -1 } },
} satisfies Record<string, Partial<AuthOptions>>;

const messages: Record<keyof typeof bad, string> = {
  core: 'session.expiresIn must not exceed 400 days (the cookie limit)',
  twoFactor: 'twoFactor.otp needs a mailer to send the codes',
  jwt: 'jwt.expiresIn must be a positive number of seconds',
  passkey: 'passkey.rpID must be a host name, got "https://example.com"',
  audit: 'audit.retentionDays must be a whole number of days, 0 or more',
};

describe('createAuth refuses options that cannot work', () => {
  it.each(Object.keys(bad) as (keyof typeof bad)[])('a bad %s option, with its own message', (name) => {
    expect(startWith(bad[name])).toThrow(messages[name]);
  });

  it('checks the core first, then two-factor, JWT, passkeys and the audit log, in that order', () => {
    const order = Object.keys(bad) as (keyof typeof bad)[];
    for (const [at, first] of order.entries()) {
      const later = order.slice(at + 1).map((name) => bad[name]);
      expect(startWith(Object.assign({}, bad[first], ...later))).toThrow(messages[first]);
    }
  });

  it('refuses a custom rate-limit rule with a "*" inside', () => {
    expect(startWith({ rateLimit: { customRules: { '/a/*/b': false } } })).toThrow(
      'rateLimit.customRules: "/a/*/b" may only end with "*" (e.g. "/prefix/*")',
    );
  });
});
