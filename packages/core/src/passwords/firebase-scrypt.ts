import { createCipheriv } from 'node:crypto';
import { constantTimeEqualBytes } from '../crypto/constant-time.ts';
import { scryptKey } from './derive.ts';
import { fromBase64 } from './encodings.ts';
import { decimal, type HashFormat } from './hash-format.ts';
import { scryptRefusal } from './limits.ts';

/**
 * Firebase's modified scrypt (docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified, the
 * `scrypt_firebase` row): the scrypt key of the password encrypts the project's signer key with AES-256-CTR
 * under a zero IV; the result is the stored hash. Clerk's six segments are the canonical value.
 */
export const scryptFirebase: HashFormat = {
  read(value) {
    const parts = value.split('$');
    if (parts.length !== 6) return null;
    const [hashText = '', saltText = '', signerText = '', separatorText = '', roundsText, memCostText] =
      parts;
    const hash = fromBase64(hashText);
    const salt = fromBase64(saltText);
    const signerKey = fromBase64(signerText);
    // Firebase's separator may be empty; the others never are.
    const separator = separatorText === '' ? Buffer.alloc(0) : fromBase64(separatorText);
    const rounds = decimal(roundsText);
    const memCost = decimal(memCostText);
    if (!hash || !salt || !signerKey || !separator || !(rounds >= 1) || !(memCost >= 1 && memCost <= 52))
      return null;
    const cost = { N: 2 ** memCost, r: rounds, p: 1 };
    const refused = scryptRefusal(cost.N, cost.r, cost.p, signerKey.length);
    if (refused) return refused;
    const saltAndSeparator = Buffer.concat([salt, separator]);
    return {
      ok: true,
      weak: false,
      canonical: value,
      async verify(password) {
        const key = await scryptKey(password, saltAndSeparator, 32, cost);
        const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
        const computed = Buffer.concat([cipher.update(signerKey), cipher.final()]);
        return constantTimeEqualBytes(computed, hash);
      },
    };
  },
};

/** A Firebase export's user hash and the project's hash config, in the stored order (all base64 as exported). */
export function firebaseScryptValue(input: {
  passwordHash: string;
  salt: string;
  signerKey: string;
  saltSeparator: string;
  rounds: number;
  memCost: number;
}): string {
  const { passwordHash, salt, signerKey, saltSeparator, rounds, memCost } = input;
  return [passwordHash, salt, signerKey, saltSeparator, rounds, memCost].join('$');
}
