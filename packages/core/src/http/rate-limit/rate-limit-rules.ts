import type { ResolvedOptions } from '../../options.ts';
import type { RateLimitRule } from './rate-limit-store.ts';

type RuleOptions = ResolvedOptions['rateLimit'];

/**
 * The built-in limits (docs/protocol/core.md#rate-limiting): credential guessing and email sending
 * get tight ones. Every route that answers whether a password or code is right is credential
 * guessing, whatever its name: it takes the sign-in limit, or it is a password oracle at the
 * default's 100 guesses per 10 s.
 */
const LIMITS = {
  'sign-in': { windowMs: 10_000, max: 3 },
  email: { windowMs: 60_000, max: 3 },
} as const satisfies Record<string, RateLimitRule>;

export type BuiltInLimit = keyof typeof LIMITS;

/**
 * A built-in rule a feature declares for its routes (its `module.ts`, `rateLimits`), mounted with
 * the feature: one route path exactly, or every route path starting with `prefix`.
 */
export type BuiltInRule = { path: string; limit: BuiltInLimit } | { prefix: string; limit: BuiltInLimit };

/** `null` means the path is exempt from rate limiting. */
export type RuleResolver = (path: string) => RateLimitRule | null;

/**
 * Turns the options and the mounted features' rules into lookup structures once, so a request costs
 * a Map lookup and a few `startsWith` checks. Precedence: custom rule (exact path, then the longest
 * matching `/prefix/*`) over the built-in rules (exact, then the longest prefix) over the default.
 * A custom `false` exempts the path. Two features declaring the same path or prefix is a wiring
 * mistake, refused at start-up.
 *
 * `*` is accepted only at the end of a rule and matches the rest of the path, any depth included
 * (`/admin/*` covers `/admin/users/ban`); a `*` elsewhere would silently never match, so it is
 * refused at start-up.
 */
export function createRuleResolver(options: RuleOptions, builtIn: readonly BuiltInRule[]): RuleResolver {
  const fallback: RateLimitRule = { windowMs: options.window * 1000, max: options.max };
  const customExact = new Map<string, RateLimitRule | null>();
  const customPrefixes: [string, RateLimitRule | null][] = [];
  for (const [pattern, rule] of Object.entries(options.customRules)) {
    const star = pattern.indexOf('*');
    if (star !== -1 && star !== pattern.length - 1) {
      throw new Error(`rateLimit.customRules: "${pattern}" may only end with "*" (e.g. "/prefix/*")`);
    }
    const resolved = rule === false ? null : { windowMs: rule.window * 1000, max: rule.max };
    if (star === -1) customExact.set(pattern.replace(/\/+$/, ''), resolved);
    else customPrefixes.push([pattern.slice(0, -1), resolved]);
  }
  customPrefixes.sort(([a], [b]) => b.length - a.length);
  const builtInExact = new Map<string, RateLimitRule>();
  const builtInPrefixes = new Map<string, RateLimitRule>();
  for (const rule of builtIn) {
    const [table, pattern] = 'path' in rule ? [builtInExact, rule.path] : [builtInPrefixes, rule.prefix];
    if (table.has(pattern)) throw new Error(`two features declare the built-in rate-limit rule ${pattern}`);
    table.set(pattern, LIMITS[rule.limit]);
  }
  const prefixes = [...builtInPrefixes].sort(([a], [b]) => b.length - a.length);

  return function resolveRule(path) {
    const exact = customExact.get(path);
    if (exact !== undefined) return exact;
    for (const [prefix, rule] of customPrefixes) if (path.startsWith(prefix)) return rule;
    const special = builtInExact.get(path);
    if (special) return special;
    for (const [prefix, rule] of prefixes) if (path.startsWith(prefix)) return rule;
    return fallback;
  };
}

/** The longest window any rule can use: older counters are expired under every rule. */
export function longestWindowMs(options: RuleOptions, builtIn: readonly BuiltInRule[]): number {
  let longest = Math.max(options.window * 1000, ...builtIn.map((rule) => LIMITS[rule.limit].windowMs));
  for (const rule of Object.values(options.customRules)) {
    if (rule) longest = Math.max(longest, rule.window * 1000);
  }
  return longest;
}
