import type { ResolvedOptions } from '../../options.ts';
import type { RateLimitRule } from './rate-limit-store.ts';

type RuleOptions = ResolvedOptions['rateLimit'];

/**
 * The built-in rules (docs/protocol/core.md#rate-limiting): credential guessing and email sending get tight
 * limits. Every route that answers whether a password or code is right is credential guessing,
 * whatever its name: it joins the sign-in rule, or it is a password oracle at the default's 100
 * guesses per 10 s.
 */
const SIGN_IN_LIKE: RateLimitRule = { windowMs: 10_000, max: 3 };
const EMAIL_SENDING: RateLimitRule = { windowMs: 60_000, max: 3 };
const SPECIAL_EXACT = new Map<string, RateLimitRule>([
  ['/request-password-reset', EMAIL_SENDING],
  ['/send-verification-email', EMAIL_SENDING],
  // Both check the caller's password; exact, so `/delete-user/callback` (a random emailed token)
  // keeps the default.
  ['/verify-password', SIGN_IN_LIKE],
  ['/delete-user', SIGN_IN_LIKE],
]);
const SPECIAL_PREFIXES: [string, RateLimitRule][] = [
  ['/sign-in', SIGN_IN_LIKE],
  ['/sign-up', SIGN_IN_LIKE],
  ['/change-password', SIGN_IN_LIKE],
  ['/change-email', SIGN_IN_LIKE],
  // Second factors are guessable codes: limited in every environment
  // (docs/protocol/two-factor.md#d3-second-factors-are-always-rate-limited).
  ['/two-factor/', SIGN_IN_LIKE],
  // Passkey sign-in (and step-up) is a sign-in: the same rule, in every environment (D3).
  ['/passkey/verify-authentication', SIGN_IN_LIKE],
  ['/passkey/reauthenticate', SIGN_IN_LIKE],
  ['/forget-password', EMAIL_SENDING],
];

/** `null` means the path is exempt from rate limiting. */
export type RuleResolver = (path: string) => RateLimitRule | null;

/**
 * Turns the options into lookup structures once, so a request costs a Map lookup and a few
 * `startsWith` checks. Precedence: custom rule (exact path, then the longest matching `/prefix/*`)
 * over the built-in rules over the default. A custom `false` exempts the path.
 *
 * `*` is accepted only at the end of a rule and matches the rest of the path, any depth included
 * (`/admin/*` covers `/admin/users/ban`); a `*` elsewhere would silently never match, so it is
 * refused at start-up.
 */
export function createRuleResolver(options: RuleOptions): RuleResolver {
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

  return function resolveRule(path) {
    const exact = customExact.get(path);
    if (exact !== undefined) return exact;
    for (const [prefix, rule] of customPrefixes) if (path.startsWith(prefix)) return rule;
    const special = SPECIAL_EXACT.get(path);
    if (special) return special;
    for (const [prefix, rule] of SPECIAL_PREFIXES) if (path.startsWith(prefix)) return rule;
    return fallback;
  };
}

/** The longest window any rule can use: older counters are expired under every rule. */
export function longestWindowMs(options: RuleOptions): number {
  let longest = Math.max(options.window * 1000, EMAIL_SENDING.windowMs, SIGN_IN_LIKE.windowMs);
  for (const rule of Object.values(options.customRules)) {
    if (rule) longest = Math.max(longest, rule.window * 1000);
  }
  return longest;
}
