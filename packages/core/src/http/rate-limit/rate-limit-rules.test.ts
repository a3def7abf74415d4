import { describe, expect, it } from 'vitest';
import { featureModules } from '../../features/feature-list.ts';
import type { ResolvedOptions } from '../../options.ts';
import {
  type BuiltInRule,
  longestWindowMs as longestOf,
  createRuleResolver as rulesOf,
} from './rate-limit-rules.ts';

type RuleOptions = ResolvedOptions['rateLimit'];

/** Every feature's rules, as a full-featured engine mounts them. */
const builtIn = featureModules.flatMap((module) => module.rateLimits);
const createRuleResolver = (options: RuleOptions, rules: readonly BuiltInRule[] = builtIn) =>
  rulesOf(options, rules);
const longestWindowMs = (options: RuleOptions, rules: readonly BuiltInRule[] = builtIn) =>
  longestOf(options, rules);

const options = (overrides: Partial<RuleOptions> = {}): RuleOptions => ({
  enabled: true,
  window: 10,
  max: 100,
  storage: 'memory',
  customRules: {},
  ...overrides,
});

describe('rate-limit rules', () => {
  const resolve = createRuleResolver(options());

  it.each([
    ['/ok', 10_000, 100],
    ['/get-session', 10_000, 100],
    ['/nope', 10_000, 100],
    ['/sign-in/email', 10_000, 3],
    ['/sign-up/email', 10_000, 3],
    ['/change-password', 10_000, 3],
    ['/change-email', 10_000, 3],
    ['/verify-password', 10_000, 3],
    ['/delete-user', 10_000, 3],
    ['/delete-user/callback', 10_000, 100],
    ['/two-factor/verify-totp', 10_000, 3],
    ['/passkey/verify-authentication', 10_000, 3],
    ['/request-password-reset', 60_000, 3],
    ['/send-verification-email', 60_000, 3],
    ['/forget-password', 60_000, 3],
    ['/forget-password/email', 60_000, 3],
  ])('%s gets %i ms / %i by default', (path, windowMs, max) => {
    expect(resolve(path)).toEqual({ windowMs, max });
  });

  it('matches the exact email-sending paths only exactly', () => {
    expect(resolve('/request-password-reset/extra')).toEqual({ windowMs: 10_000, max: 100 });
  });

  it('takes the default window and max from the options', () => {
    expect(createRuleResolver(options({ window: 30, max: 7 }))('/ok')).toEqual({ windowMs: 30_000, max: 7 });
  });

  it('lets custom rules override built-in ones, exact before the longest glob', () => {
    const custom = createRuleResolver(
      options({
        customRules: {
          '/sign-in/email': { window: 5, max: 1 },
          '/sign-in/*': { window: 20, max: 2 },
          '/sign-in/social/*': { window: 30, max: 4 },
          '/ok/': false,
        },
      }),
    );
    expect(custom('/sign-in/email')).toEqual({ windowMs: 5_000, max: 1 });
    expect(custom('/sign-in/username')).toEqual({ windowMs: 20_000, max: 2 });
    expect(custom('/sign-in/social/github')).toEqual({ windowMs: 30_000, max: 4 });
    expect(custom('/sign-in')).toEqual({ windowMs: 10_000, max: 3 });
    expect(custom('/ok')).toBeNull();
  });

  it('lets a glob exempt a whole subtree, any depth', () => {
    const custom = createRuleResolver(options({ customRules: { '/admin/*': false } }));
    expect(custom('/admin/users/ban')).toBeNull();
    expect(custom('/admin')).toEqual({ windowMs: 10_000, max: 100 });
  });

  it('refuses a "*" that is not at the end at start-up', () => {
    expect(() => createRuleResolver(options({ customRules: { '/a/*/b': false } }))).toThrow(
      'rateLimit.customRules: "/a/*/b" may only end with "*" (e.g. "/prefix/*")',
    );
  });

  it('refuses two features declaring the same built-in rule at start-up', () => {
    const twice: BuiltInRule[] = [
      { prefix: '/x/', limit: 'sign-in' },
      { path: '/x/', limit: 'email' },
      { prefix: '/x/', limit: 'email' },
    ];
    expect(() => createRuleResolver(options(), twice)).toThrow(
      'two features declare the built-in rate-limit rule /x/',
    );
  });

  it('applies only the rules it is given, the longer prefix first', () => {
    const resolve = createRuleResolver(options(), [
      { prefix: '/a', limit: 'sign-in' },
      { prefix: '/a/b', limit: 'email' },
    ]);
    expect(resolve('/a/b/c')).toEqual({ windowMs: 60_000, max: 3 });
    expect(resolve('/a/c')).toEqual({ windowMs: 10_000, max: 3 });
    expect(resolve('/sign-in/email')).toEqual({ windowMs: 10_000, max: 100 });
    expect(longestWindowMs(options(), [{ path: '/a', limit: 'sign-in' }])).toBe(10_000);
  });

  it('knows the longest window of all rules', () => {
    expect(longestWindowMs(options())).toBe(60_000);
    expect(longestWindowMs(options({ customRules: { '/x': { window: 300, max: 1 }, '/y': false } }))).toBe(
      300_000,
    );
  });
});
