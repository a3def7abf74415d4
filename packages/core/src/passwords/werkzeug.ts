import { constantTimeEqualBytes } from '../crypto/constant-time.ts';
import { type Pbkdf2Digest, scryptKey } from './derive.ts';
import { fromBase64, fromHex } from './encodings.ts';
import { decimal, type HashFormat } from './hash-format.ts';
import { scryptRefusal } from './limits.ts';
import { acceptPbkdf2 } from './pbkdf2.ts';

// Werkzeug's generate_password_hash, `<method>$<salt>$<hex hash>` with the salt used as text
// (docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified, the werkzeug rows).

const SCRYPT = /^\$?scrypt:(\d+):(\d+):(\d+)\$([^$]+)\$([^$]+)$/;

/**
 * `scrypt:N:r:p$salt$hash`. Clerk's page writes it with a leading `$` and a base64 hash: both are accepted
 * and stored as Werkzeug writes it, hex and no leading `$`.
 */
export const scryptWerkzeug: HashFormat = {
  read(value) {
    const match = SCRYPT.exec(value);
    if (!match) return null;
    const [, nText, rText, pText, salt = '', hashText = ''] = match;
    const hash = fromHex(hashText) ?? fromBase64(hashText);
    const cost = { N: decimal(nText), r: decimal(rText), p: decimal(pText) };
    if (!hash || !(cost.r >= 1 && cost.p >= 1)) return null;
    const refused = scryptRefusal(cost.N, cost.r, cost.p, hash.length);
    if (refused) return refused;
    const saltBytes = Buffer.from(salt, 'utf8');
    return {
      ok: true,
      weak: false,
      canonical: `scrypt:${cost.N}:${cost.r}:${cost.p}$${salt}$${hash.toString('hex')}`,
      async verify(password) {
        return constantTimeEqualBytes(await scryptKey(password, saltBytes, hash.length, cost), hash);
      },
    };
  },
};

const PBKDF2 = /^pbkdf2:(sha1|sha256|sha512):(\d+)\$([^$]+)\$([0-9a-fA-F]+)$/;

/** `pbkdf2:<digest>:<iterations>$salt$hash`. */
export const pbkdf2Werkzeug: HashFormat = {
  read(value) {
    const match = PBKDF2.exec(value);
    if (!match) return null;
    const [, digest, iterations, salt = '', hashText = ''] = match;
    const key = fromHex(hashText);
    if (!key) return null;
    return acceptPbkdf2(value, {
      digest: digest as Pbkdf2Digest,
      iterations: decimal(iterations),
      salt: Buffer.from(salt, 'utf8'),
      key,
    });
  },
};
