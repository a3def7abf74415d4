/**
 * `apiKey` in the engine options (features/api-key/README.md). An object turns the feature on (the
 * product's `API_KEYS` setting fills it); `false` or leaving it out keeps it off: no `/api-key/*`
 * route, and `x-api-key` is ignored. Durations are in seconds, as every engine option.
 */
export interface ApiKeyOptions {
  /** The lifetime of a key created without `expiresIn`; default none: such a key never expires. */
  defaultExpiresIn?: number | null;
  /** The shortest `expiresIn` a caller may ask for; default 1 day. */
  minExpiresIn?: number;
  /** The longest `expiresIn` a caller may ask for; default 365 days. */
  maxExpiresIn?: number;
  /** The per-key rate limit written into every new key: `max` uses per `window`; default 10 per 24 h. */
  rateLimit?: { window?: number; max?: number };
}

/** What the feature works with; the rate limit's window in milliseconds, as the `apikey` row stores it. */
export interface ResolvedApiKey {
  defaultExpiresIn: number | null;
  minExpiresIn: number;
  maxExpiresIn: number;
  rateLimit: { timeWindow: number; max: number };
}

const DAY = 86_400;

const isWholePositive = (value: number) => Number.isSafeInteger(value) && value > 0;

export function resolveApiKey(options: ApiKeyOptions | false | undefined): ResolvedApiKey | undefined {
  if (!options) return undefined;
  const minExpiresIn = options.minExpiresIn ?? DAY;
  const maxExpiresIn = options.maxExpiresIn ?? 365 * DAY;
  const defaultExpiresIn = options.defaultExpiresIn ?? null;
  const window = options.rateLimit?.window ?? DAY;
  const max = options.rateLimit?.max ?? 10;
  for (const [name, value] of [
    ['minExpiresIn', minExpiresIn],
    ['maxExpiresIn', maxExpiresIn],
    ['rateLimit.window', window],
    ['rateLimit.max', max],
  ] as const) {
    if (!isWholePositive(value))
      throw new Error(`apiKey.${name} must be a whole number above 0, got ${value}`);
  }
  if (minExpiresIn > maxExpiresIn) throw new Error('apiKey.minExpiresIn must not exceed apiKey.maxExpiresIn');
  if (defaultExpiresIn !== null && !isWholePositive(defaultExpiresIn))
    throw new Error(
      `apiKey.defaultExpiresIn must be a whole number above 0 or null, got ${defaultExpiresIn}`,
    );
  return { defaultExpiresIn, minExpiresIn, maxExpiresIn, rateLimit: { timeWindow: window * 1000, max } };
}
