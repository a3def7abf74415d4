import { type Env, variableReader } from './variables.ts';

/** API keys (`/api/auth/api-key/*` and `x-api-key`), with the limits every new key gets. */
export type ApiKeysConfig =
  | { enabled: false }
  | {
      enabled: true;
      /** Seconds a key made without `expiresIn` lives; null: such a key never expires. */
      defaultExpiresIn: number | null;
      /** The longest lifetime a key may ask for, in seconds. */
      maxExpiresIn: number;
      /** Uses a new key may make per window (seconds). */
      rateLimit: { max: number; window: number };
    };

const DAY = 86_400;
/** The shortest lifetime a key may ask for; Better Auth's, and not a setting. */
export const API_KEY_MIN_EXPIRES_IN = DAY;

/**
 * Reads API_KEYS, API_KEY_DEFAULT_EXPIRES_IN, API_KEY_MAX_EXPIRES_IN, API_KEY_RATE_LIMIT_MAX and
 * API_KEY_RATE_LIMIT_WINDOW. The defaults are Better Auth's plugin's: keys never expire unless
 * asked to, live at most 365 days, and may be used 10 times a day.
 */
export function readApiKeys(env: Env, problems: string[]): ApiKeysConfig {
  const read = variableReader(env, problems);
  const enabled = read.onOff('API_KEYS');
  const defaultExpiresIn = read.value(
    'API_KEY_DEFAULT_EXPIRES_IN',
    null as number | null,
    (raw) => (raw.trim().toLowerCase() === 'never' ? null : /^\d+$/.test(raw) ? Number(raw) : undefined),
    "a whole number of seconds or 'never'",
  );
  const maxExpiresIn = read.seconds('API_KEY_MAX_EXPIRES_IN', 365 * DAY);
  const max = read.value(
    'API_KEY_RATE_LIMIT_MAX',
    10,
    (raw) => (/^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined),
    'a whole number from 1 to 999999999',
  );
  const window = read.seconds('API_KEY_RATE_LIMIT_WINDOW', DAY);
  if (maxExpiresIn < API_KEY_MIN_EXPIRES_IN)
    problems.push(`API_KEY_MAX_EXPIRES_IN: expected at least ${API_KEY_MIN_EXPIRES_IN} (one day)`);
  if (
    defaultExpiresIn !== null &&
    (defaultExpiresIn < API_KEY_MIN_EXPIRES_IN || defaultExpiresIn > maxExpiresIn)
  )
    problems.push(
      `API_KEY_DEFAULT_EXPIRES_IN: expected 'never' or from ${API_KEY_MIN_EXPIRES_IN} to API_KEY_MAX_EXPIRES_IN (${maxExpiresIn}) seconds`,
    );
  if (window === 0) problems.push('API_KEY_RATE_LIMIT_WINDOW: expected a positive number of seconds');
  if (!enabled) return { enabled: false };
  return { enabled: true, defaultExpiresIn, maxExpiresIn, rateLimit: { max, window } };
}
