import { createHash } from 'node:crypto';
import type { ProviderSettings } from './provider.ts';
import type { BaseProviderOptions } from './provider-options.ts';

export function settingsOf(options: BaseProviderOptions): ProviderSettings {
  const clientIds = Array.isArray(options.clientId) ? options.clientId : [options.clientId];
  return {
    clientIds,
    clientSecret: options.clientSecret,
    redirectURI: options.redirectURI,
    disableIdTokenSignIn: options.disableIdTokenSignIn ?? false,
    disableImplicitSignUp: options.disableImplicitSignUp ?? false,
    disableSignUp: options.disableSignUp ?? false,
    overrideUserInfoOnSignIn: options.overrideUserInfoOnSignIn ?? false,
  };
}

/** PKCE S256 (RFC 7636): base64url without padding of SHA-256 over the verifier's bytes. */
export const codeChallengeOf = (verifier: string): string =>
  createHash('sha256').update(verifier).digest('base64url');

/** A string field of an untyped profile, or undefined. */
export const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * Account ids must be real values: not empty, not "undefined"/"null", numbers finite
 * (docs/protocol/social.md#id-token-sign-in).
 */
export function accountIdOf(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== 'string') return null;
  return value === '' || value === 'undefined' || value === 'null' ? null : value;
}
