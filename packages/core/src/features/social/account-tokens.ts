import { hkdfSync } from 'node:crypto';
import type { AuthContext } from '../../context.ts';
import { symmetricDecrypt, symmetricEncrypt } from '../../crypto/encryption.ts';

/**
 * Access and refresh tokens at rest (docs/protocol/social.md#token-encryption-at-rest): encrypted with the
 * secret when `encryptOAuthTokens` is on. The id token is always stored as is (Better Auth does the same; a
 * shared database must stay readable by both).
 */
export function sealToken(auth: AuthContext, token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  return auth.options.account.encryptOAuthTokens ? symmetricEncrypt(auth.options.secret, token) : token;
}

/**
 * With encryption on, only values that look encrypted are decrypted, so rows written before it
 * was turned on still read. With it off, values are returned as stored (a provider's own token
 * may well be hex).
 */
export function openToken(auth: AuthContext, stored: string | null | undefined): string | undefined {
  if (!stored) return undefined;
  if (!auth.options.account.encryptOAuthTokens) return stored;
  const looksEncrypted = /^[0-9a-f]+$/i.test(stored) && stored.length % 2 === 0;
  return looksEncrypted ? symmetricDecrypt(auth.options.secret, stored) : stored;
}

/**
 * A purpose key (docs/protocol/social.md#purpose-keys): HKDF-SHA256 of the secret, written as hex and then
 * used as the secret of the symmetric cipher, so one secret never encrypts two kinds of data under one key.
 */
export function purposeKey(secret: string, purpose: string): string {
  const key = hkdfSync(
    'sha256',
    Buffer.from(secret, 'utf8'),
    Buffer.from('better-auth:oauth-encryption:v1', 'utf8'),
    Buffer.from(`better-auth:${purpose}:v1`, 'utf8'),
    32,
  );
  return Buffer.from(key).toString('hex');
}
