import { constantTimeEqualBytes } from '../crypto/constant-time.ts';
import { scryptKey } from './derive.ts';
import { fromBase64 } from './encodings.ts';
import { decimal, type HashFormat } from './hash-format.ts';
import { scryptRefusal } from './limits.ts';

/**
 * Auth0's `custom_password_hash` with `algorithm: "scrypt"` (docs/protocol/import.md#51-auth0). Its canonical
 * value is `<N>$<r>$<p>$<keylen>$<salt, base64>$<hash, base64>` (DECISION,
 * docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified): the salt and hash already
 * decoded from whatever encoding Auth0's record named, so the sign-in needs nothing but this string.
 */
export const scryptAuth0: HashFormat = {
  read(value) {
    const parts = value.split('$');
    if (parts.length !== 6) return null;
    const [nText, rText, pText, keylenText, saltText = '', hashText = ''] = parts;
    const cost = { N: decimal(nText), r: decimal(rText), p: decimal(pText) };
    const keylen = decimal(keylenText);
    const salt = fromBase64(saltText);
    const hash = fromBase64(hashText);
    // A key length other than the hash's could never match: the record is wrong, not the password.
    if (!salt || !hash || hash.length !== keylen || !(cost.r >= 1 && cost.p >= 1)) return null;
    const refused = scryptRefusal(cost.N, cost.r, cost.p, keylen);
    if (refused) return refused;
    return {
      ok: true,
      weak: false,
      canonical: value,
      async verify(password) {
        return constantTimeEqualBytes(await scryptKey(password, salt, keylen, cost), hash);
      },
    };
  },
};

/** The canonical value from Auth0's fields, decoded; the defaults are Auth0's (docs/protocol/import.md#51-auth0). */
export function auth0ScryptValue(input: {
  salt: Uint8Array;
  hash: Uint8Array;
  keylen: number;
  cost?: number;
  blockSize?: number;
  parallelization?: number;
}): string {
  const { cost = 16384, blockSize = 8, parallelization = 1 } = input;
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  return [cost, blockSize, parallelization, input.keylen, base64(input.salt), base64(input.hash)].join('$');
}
