import { createHash } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, type JWTPayload, jwtVerify } from 'jose';
import type { KeySetFetchOptions } from './provider-options.ts';

/**
 * docs/protocol/social.md#remote-key-sets: remote key sets are fetched with a 5 s timeout, a 30 s cooldown
 * and a 10 min cache.
 */
export const KEY_SET_DEFAULTS = { timeoutMs: 5_000, cooldownMs: 30_000, cacheMaxAgeMs: 600_000 };

export interface IdTokenRules {
  issuers: string[];
  audiences: string[];
  algorithms: string[];
  /** Seconds; the `iat` may not be older. */
  maxAgeSeconds?: number;
  /** Apple compares the nonce raw or as its SHA-256 hex. */
  hashedNonce?: boolean;
  /** A provider's extra claim check (Google's `hd`, Microsoft's tenant). */
  check?: (payload: JWTPayload) => boolean;
}

export type IdTokenVerifier = (token: string, nonce: string | undefined) => Promise<JWTPayload | null>;

/**
 * An id-token verifier over one remote key set. The set is fetched once and cached (jose's
 * createRemoteJWKSet): refetched after the cache age, or for an unknown `kid` once the cooldown
 * has passed, so a key rotated at the provider is picked up without hammering it.
 */
export function createIdTokenVerifier(
  jwksUrl: string | (() => Promise<string>),
  rules: IdTokenRules | (() => Promise<IdTokenRules>),
  fetchOptions: KeySetFetchOptions = {},
): IdTokenVerifier {
  let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;
  const keys = async () => {
    if (keySet) return keySet;
    const url = typeof jwksUrl === 'string' ? jwksUrl : await jwksUrl();
    keySet = createRemoteJWKSet(new URL(url), {
      timeoutDuration: fetchOptions.timeoutMs ?? KEY_SET_DEFAULTS.timeoutMs,
      cooldownDuration: fetchOptions.cooldownMs ?? KEY_SET_DEFAULTS.cooldownMs,
      cacheMaxAge: fetchOptions.cacheMaxAgeMs ?? KEY_SET_DEFAULTS.cacheMaxAgeMs,
    });
    return keySet;
  };

  return async (token, nonce) => {
    try {
      const resolved = typeof rules === 'function' ? await rules() : rules;
      if (resolved.audiences.length === 0) return null;
      const { payload } = await jwtVerify(token, await keys(), {
        issuer: resolved.issuers.length > 0 ? resolved.issuers : undefined,
        audience: resolved.audiences,
        algorithms: resolved.algorithms,
        requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
        maxTokenAge: resolved.maxAgeSeconds,
        clockTolerance: 30,
      });
      if (nonce !== undefined && !nonceMatches(payload.nonce, nonce, resolved.hashedNonce)) return null;
      if (resolved.check && !resolved.check(payload)) return null;
      return payload;
    } catch {
      return null;
    }
  };
}

function nonceMatches(claim: unknown, expected: string, hashed = false): boolean {
  if (claim === expected) return true;
  return hashed && claim === createHash('sha256').update(expected).digest('hex');
}

/** The claims of a JWT without checking anything; null when it is not a JWT. */
export function readJwtClaims(token: string | undefined): JWTPayload | null {
  if (!token) return null;
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}
