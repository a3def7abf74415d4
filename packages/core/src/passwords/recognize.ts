import { IMPORTED_FORMATS, isImportedHasher, RECOGNISABLE } from './formats.ts';
import type { ReadHash } from './hash-format.ts';

export type ImportedHasher =
  | 'bcrypt'
  | 'bcrypt_sha256_django'
  | 'argon2id'
  | 'argon2i'
  | 'pbkdf2_sha256_django'
  | 'pbkdf2_sha1_django'
  | 'pbkdf2_sha1'
  | 'pbkdf2_sha256'
  | 'pbkdf2_sha512'
  | 'pbkdf2_phc'
  | 'pbkdf2_keycloak'
  | 'argon2_keycloak'
  | 'scrypt_firebase'
  | 'scrypt_werkzeug'
  | 'pbkdf2_werkzeug'
  | 'scrypt_auth0'
  | 'phpass'
  | 'sha256_salted'
  | 'sha256'
  | 'md5';
export type HasherName = ImportedHasher | 'better_auth_scrypt';
export type RecognizedHash =
  | { ok: true; hasher: HasherName; stored: string; weak: boolean }
  // A message of docs/protocol/import.md#7-error-catalogue-decision; never contains the hash, a salt or a key.
  | { ok: false; message: string };

const UNKNOWN = { ok: false, message: 'unknown password hash format' } as const;
const BETTER_AUTH_SCRYPT = /^[0-9a-f]{32}:[0-9a-f]{128}$/;
/** Far above any accepted format's longest value (1024-byte keys in base64 and their salts). */
const MAX_VALUE_LENGTH = 8192;

/**
 * `hasher` is a source-named algorithm (Clerk's password_hasher names, or the canonical names above for values a
 * source parser already put in canonical form); undefined: recognise from the value
 * (docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified). `stored` is what goes into
 * account.password: `<hasher>$<value>`, or the bare `salt:hash` for better_auth_scrypt.
 */
export function recognizePasswordHash(input: { value: string; hasher?: string }): RecognizedHash {
  const { value, hasher } = input;
  // Control characters (NUL among them) belong to no format; a huge value to none either.
  if (value.length > MAX_VALUE_LENGTH || /\p{Cc}/u.test(value)) {
    return hasher !== undefined && isKnown(hasher) ? mismatch(hasher) : UNKNOWN;
  }
  if (hasher === undefined) return recognizeFromValue(value);
  if (hasher === 'better_auth_scrypt')
    return BETTER_AUTH_SCRYPT.test(value) ? betterAuthScrypt(value) : mismatch(hasher);
  if (!isImportedHasher(hasher)) return UNKNOWN;
  const named = accept(hasher, value);
  // Clerk's `pbkdf2_sha1` also names Django's base64 form, told apart by the hash's alphabet.
  if (named === null && hasher === 'pbkdf2_sha1')
    return accept('pbkdf2_sha1_django', value) ?? mismatch(hasher);
  return named ?? mismatch(hasher);
}

function recognizeFromValue(value: string): RecognizedHash {
  if (BETTER_AUTH_SCRYPT.test(value)) return betterAuthScrypt(value);
  for (const hasher of RECOGNISABLE) {
    const recognized = accept(hasher, value);
    if (recognized) return recognized;
  }
  return UNKNOWN;
}

/** The value read as `hasher`'s format: null when it does not have that shape. */
function accept(hasher: ImportedHasher, value: string): RecognizedHash | null {
  const read: ReadHash | null = IMPORTED_FORMATS[hasher].read(value);
  if (!read) return null;
  if (!read.ok) return { ok: false, message: read.message };
  return { ok: true, hasher, stored: `${hasher}$${read.canonical}`, weak: read.weak };
}

function betterAuthScrypt(value: string): RecognizedHash {
  return { ok: true, hasher: 'better_auth_scrypt', stored: value, weak: false };
}

function isKnown(hasher: string): hasher is HasherName {
  return hasher === 'better_auth_scrypt' || isImportedHasher(hasher);
}

function mismatch(hasher: HasherName): RecognizedHash {
  return { ok: false, message: `password_digest does not match password_hasher ${hasher}` };
}
