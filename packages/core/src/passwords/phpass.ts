import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { constantTimeEqual } from '../crypto/constant-time.ts';
import { type HashFormat, overLimits } from './hash-format.ts';
import { LIMITS } from './limits.ts';

/**
 * phpass's portable hashes, `$P$` (WordPress) and `$H$` (phpBB)
 * (docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified, the `phpass` row):
 * 2^n rounds of MD5 over the previous digest and the password, written in phpass's own base64.
 */

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PORTABLE = /^\$[PH]\$([./0-9A-Za-z])([./0-9A-Za-z]{8})([./0-9A-Za-z]{22})$/;
/** phpass's own floor; its ceiling of 30 is far above what a sign-in may cost here (limits.ts). */
const MIN_LOG2 = 7;
/**
 * MD5 rounds run on the event loop (node:crypto has no asynchronous MD5): in slices of this many, with a
 * turn of the loop between them, so a 2^18-round check never holds other requests for more than a moment.
 */
const ROUNDS_PER_TURN = 2048;

export const phpass: HashFormat = {
  read(value) {
    const match = PORTABLE.exec(value);
    if (!match) return null;
    const [, countChar = '', salt = '', encoded = ''] = match;
    const log2 = ITOA64.indexOf(countChar);
    if (log2 < MIN_LOG2) return null;
    if (log2 > LIMITS.phpassLog2)
      return overLimits(`phpass count 2^${log2} (at most 2^${LIMITS.phpassLog2})`);
    return {
      ok: true,
      weak: true,
      canonical: value,
      async verify(password) {
        const digest = await portableDigest(Buffer.from(password, 'utf8'), salt, 2 ** log2);
        return constantTimeEqual(encode64(digest), encoded);
      },
    };
  },
};

async function portableDigest(password: Buffer, salt: string, count: number): Promise<Buffer> {
  let digest = createHash('md5').update(salt).update(password).digest();
  for (let done = 0; done < count; done++) {
    digest = createHash('md5').update(digest).update(password).digest();
    if ((done + 1) % ROUNDS_PER_TURN === 0) await setImmediate();
  }
  return digest;
}

/** phpass's encode64: little-endian groups of 3 bytes, 6 bits a character, least significant first. */
function encode64(input: Buffer): string {
  let output = '';
  for (let i = 0; i < input.length; i += 3) {
    const value = (input[i] ?? 0) | ((input[i + 1] ?? 0) << 8) | ((input[i + 2] ?? 0) << 16);
    const characters = Math.min(4, Math.ceil(((input.length - i) * 8) / 6));
    for (let c = 0; c < characters; c++) output += ITOA64[(value >> (6 * c)) & 0x3f];
  }
  return output;
}
