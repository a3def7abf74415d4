import { auth0ScryptValue } from '../../../passwords/auth0-scrypt.ts';
import { saltedSha256Value } from '../../../passwords/plain-digests.ts';
import { object, text } from './source-values.ts';

type Result = { ok: true; password: { value: string; hasher?: string } } | { ok: false; message: string };

const UNKNOWN: Result = { ok: false, message: 'unknown password hash format' };

/** A `hash` or `salt` field's bytes, decoded as its `encoding` says; null when it cannot be. */
function decoded(field: unknown): Buffer | null {
  const value = text(object(field)?.value);
  const encoding = text(object(field)?.encoding) ?? 'utf8';
  if (value === null) return null;
  if (encoding === 'utf8') return Buffer.from(value, 'utf8');
  if (encoding === 'hex') return /^([0-9a-fA-F]{2})+$/.test(value) ? Buffer.from(value, 'hex') : null;
  if (encoding === 'base64')
    return /^[A-Za-z0-9+/]+=*$/.test(value) || /^[A-Za-z0-9_-]+=*$/.test(value)
      ? Buffer.from(value, 'base64')
      : null;
  return null;
}

const whole = (value: unknown, fallback?: number): number | null =>
  value === undefined && fallback !== undefined
    ? fallback
    : typeof value === 'number' && Number.isInteger(value) && value > 0
      ? value
      : null;

/**
 * Auth0's `custom_password_hash`, turned into the value the recogniser reads: the PHC strings
 * (argon2, pbkdf2) and bcrypt as written, the others in the canonical form their hasher stores
 * (docs/protocol/import.md#51-auth0, docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified).
 */
export function auth0Password(field: unknown): Result {
  const custom = object(field);
  const algorithm = text(custom?.algorithm);
  if (!custom || !algorithm) return UNKNOWN;
  const passwordEncoding = text(object(custom.password)?.encoding) ?? 'utf8';
  if (passwordEncoding !== 'utf8')
    return { ok: false, message: `password encoding ${passwordEncoding} is not supported for passwords` };
  const hashField = object(custom.hash);
  const hashText = text(hashField?.value);
  if (!hashText) return UNKNOWN;
  const salt = custom.salt === undefined ? null : decoded(custom.salt);
  if (custom.salt !== undefined && !salt) return UNKNOWN;
  // A keyed hash (HMAC, scrypt with a key) needs a secret Auth0 does not export.
  if (hashField?.key !== undefined) return UNKNOWN;
  if (algorithm === 'bcrypt') return { ok: true, password: { value: hashText, hasher: 'bcrypt' } };
  if (algorithm === 'argon2') return { ok: true, password: { value: hashText } };
  if (algorithm === 'pbkdf2') return { ok: true, password: { value: hashText, hasher: 'pbkdf2_phc' } };
  const hash = decoded(custom.hash);
  if (!hash) return UNKNOWN;
  if ((algorithm === 'sha256' || algorithm === 'md5') && !salt)
    return { ok: true, password: { value: hash.toString('hex'), hasher: algorithm } };
  if (algorithm === 'sha256' && salt) {
    const position = text(object(custom.salt)?.position) ?? 'prefix';
    if (position !== 'prefix' && position !== 'suffix') return UNKNOWN;
    return {
      ok: true,
      password: { value: saltedSha256Value({ hash, salt, position }), hasher: 'sha256_salted' },
    };
  }
  if (algorithm === 'scrypt' && salt) {
    const keylen = whole(custom.keylen, hash.length);
    const cost = whole(custom.cost, 16384);
    const blockSize = whole(custom.blockSize, 8);
    const parallelization = whole(custom.parallelization, 1);
    if (!keylen || !cost || !blockSize || !parallelization) return UNKNOWN;
    const value = auth0ScryptValue({ salt, hash, keylen, cost, blockSize, parallelization });
    return { ok: true, password: { value, hasher: 'scrypt_auth0' } };
  }
  return UNKNOWN;
}
