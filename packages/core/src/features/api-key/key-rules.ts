import { AuthError } from '../../errors.ts';
import type { ResolvedApiKey } from './api-key-options.ts';

/** docs/protocol/api-key.md#configurations-gatehouse-serves: names and prefixes of 1 to 32 characters. */
const MAX_NAME = 32;
const MAX_PREFIX = 32;

/**
 * The fields only `auth.api` calls may set (docs/protocol/api-key.md#create and docs/protocol/api-key.md#update,
 * step 3); `permissions` is not one in Gatehouse, which checks them instead (K9).
 */
export function setsServerOnlyField(
  body: {
    refillAmount?: unknown;
    refillInterval?: unknown;
    rateLimitMax?: unknown;
    rateLimitTimeWindow?: unknown;
    rateLimitEnabled?: unknown;
    remaining?: unknown;
  },
  route: 'create' | 'update',
): boolean {
  return (
    body.refillAmount !== undefined ||
    body.refillInterval !== undefined ||
    body.rateLimitMax !== undefined ||
    body.rateLimitTimeWindow !== undefined ||
    body.rateLimitEnabled !== undefined ||
    // Create takes `remaining: null` from anyone: it is the default.
    (route === 'create' ? body.remaining != null : body.remaining !== undefined)
  );
}

/** Metadata must be an object when it is anything (arrays pass, as `typeof [] === "object"`). */
export function checkMetadata(metadata: unknown): void {
  if (metadata && typeof metadata !== 'object') throw new AuthError('INVALID_METADATA_TYPE');
}

/** A refill needs both halves; each code's message names the other field, as the reference's do. */
export function checkRefill(amount: number | undefined, interval: number | undefined): void {
  if (amount !== undefined && interval === undefined)
    throw new AuthError('REFILL_AMOUNT_AND_INTERVAL_REQUIRED');
  if (interval !== undefined && amount === undefined)
    throw new AuthError('REFILL_INTERVAL_AND_AMOUNT_REQUIRED');
}

/** `expiresIn` in seconds, within the configured bounds (both ends allowed); null: no expiry. */
export function checkExpiresIn(config: ResolvedApiKey, expiresIn: number | null | undefined): void {
  if (expiresIn == null) return;
  if (expiresIn < config.minExpiresIn) throw new AuthError('EXPIRES_IN_IS_TOO_SMALL');
  if (expiresIn > config.maxExpiresIn) throw new AuthError('EXPIRES_IN_IS_TOO_LARGE');
}

export function checkName(name: string): void {
  if (name.length < 1 || name.length > MAX_NAME) throw new AuthError('INVALID_NAME_LENGTH');
}

export function checkPrefix(prefix: string): void {
  if (prefix.length < 1 || prefix.length > MAX_PREFIX) throw new AuthError('INVALID_PREFIX_LENGTH');
}

/** When a key asked to live `expiresIn` seconds from now ends, as the row stores it. */
export const expiryAt = (now: number, expiresIn: number | null): string | null =>
  expiresIn === null ? null : new Date(now + expiresIn * 1000).toISOString();
