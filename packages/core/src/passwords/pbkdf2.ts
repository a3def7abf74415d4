import { constantTimeEqualBytes } from '../crypto/constant-time.ts';
import { type Pbkdf2Digest, pbkdf2Key } from './derive.ts';
import { fromAb64, fromBase64, fromHex } from './encodings.ts';
import { decimal, type HashFormat, type ReadHash } from './hash-format.ts';
import { pbkdf2Refusal, WEAK_PBKDF2_ITERATIONS } from './limits.ts';

// docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified: the PBKDF2 rows written as
// `<name>$<iterations>$<salt>$<hash>` (Django's and Clerk's) and as PHC strings (Auth0's, passlib's).

export interface Pbkdf2Parameters {
  digest: Pbkdf2Digest;
  iterations: number;
  salt: Buffer;
  key: Buffer;
}

/** Checks the limits and makes the verifier. */
export function acceptPbkdf2(canonical: string, parameters: Pbkdf2Parameters): ReadHash | null {
  const { digest, iterations, salt, key } = parameters;
  if (!(iterations >= 1) || key.length === 0) return null;
  const refused = pbkdf2Refusal(iterations, key.length);
  if (refused) return refused;
  return {
    ok: true,
    weak: iterations < WEAK_PBKDF2_ITERATIONS,
    canonical,
    async verify(password) {
      return constantTimeEqualBytes(await pbkdf2Key(password, salt, iterations, key.length, digest), key);
    },
  };
}

const DIGEST_BYTES = { sha1: 20, sha256: 32, sha512: 64 } as const;

/** `<name>$<iterations>$<salt>$<hash>`, the salt and hash read by the format's own rules. */
function dollarFormat(
  name: string,
  digest: Pbkdf2Digest,
  salt: (text: string) => Buffer | null,
  key: (text: string) => Buffer | null,
  keyFits: (key: Buffer) => boolean = () => true,
): HashFormat {
  return {
    read(value) {
      const [prefix, iterationsText, saltText, keyText, ...rest] = value.split('$');
      if (prefix !== name || rest.length > 0 || !saltText || keyText === undefined) return null;
      const saltBytes = salt(saltText);
      const keyBytes = key(keyText);
      if (!saltBytes || !keyBytes || !keyFits(keyBytes)) return null;
      return acceptPbkdf2(value, {
        digest,
        iterations: decimal(iterationsText),
        salt: saltBytes,
        key: keyBytes,
      });
    },
  };
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const paddedBase64 = (text: string) => (/^[A-Za-z0-9+/]+=*$/.test(text) ? fromBase64(text) : null);
const digestSized = (digest: Pbkdf2Digest) => (key: Buffer) => key.length === DIGEST_BYTES[digest];

/** Django: the salt is text, the hash base64 of a digest-sized key. */
export const pbkdf2Sha256Django = dollarFormat(
  'pbkdf2_sha256',
  'sha256',
  utf8,
  paddedBase64,
  digestSized('sha256'),
);
export const pbkdf2Sha1Django = dollarFormat('pbkdf2_sha1', 'sha1', utf8, paddedBase64, digestSized('sha1'));

/** Clerk's `pbkdf2_sha1`: Django's layout with a 40-hex hash, which is how the two are told apart. */
export const pbkdf2Sha1 = dollarFormat('pbkdf2_sha1', 'sha1', utf8, (text) =>
  /^[0-9a-f]{40}$/i.test(text) ? fromHex(text) : null,
);

/** Clerk's `pbkdf2_sha256`: salt and hash both base64, the salt used as its decoded bytes. */
export const pbkdf2Sha256 = dollarFormat('pbkdf2_sha256', 'sha256', fromBase64, fromBase64);

/** Clerk's `pbkdf2_sha512`: salt text, hash hex. */
export const pbkdf2Sha512 = dollarFormat('pbkdf2_sha512', 'sha512', utf8, fromHex);

const PHC =
  /^\$pbkdf2(-sha1|-sha256|-sha512)?\$(?:i=)?(\d+)(?:,l=(\d+))?\$([A-Za-z0-9+/.]+)\$([A-Za-z0-9+/.]+)$/;

/**
 * `$pbkdf2-<digest>$i=<iterations>[,l=<key length>]$<salt>$<hash>`; no digest is SHA-1. passlib writes the
 * iterations without `i=` (DECISION in docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified).
 */
export const pbkdf2Phc: HashFormat = {
  read(value) {
    const match = PHC.exec(value);
    if (!match) return null;
    const [, digestText, iterationsText, lengthText, saltText = '', keyText = ''] = match;
    const salt = fromAb64(saltText);
    const key = fromAb64(keyText);
    if (!salt || !key || (lengthText !== undefined && decimal(lengthText) !== key.length)) return null;
    const digest = (digestText?.slice(1) ?? 'sha1') as Pbkdf2Digest;
    return acceptPbkdf2(value, { digest, iterations: decimal(iterationsText), salt, key });
  },
};
