import { argon2i, argon2id } from './argon2.ts';
import { scryptAuth0 } from './auth0-scrypt.ts';
import { bcrypt, bcryptSha256Django } from './bcrypt.ts';
import { scryptFirebase } from './firebase-scrypt.ts';
import type { HashFormat } from './hash-format.ts';
import { argon2Keycloak, pbkdf2Keycloak } from './keycloak.ts';
import {
  pbkdf2Phc,
  pbkdf2Sha1,
  pbkdf2Sha1Django,
  pbkdf2Sha256,
  pbkdf2Sha256Django,
  pbkdf2Sha512,
} from './pbkdf2.ts';
import { phpass } from './phpass.ts';
import { md5, sha256, sha256Salted } from './plain-digests.ts';
import type { ImportedHasher } from './recognize.ts';
import { pbkdf2Werkzeug, scryptWerkzeug } from './werkzeug.ts';

/** The reader of each stored name: the one that checked the value at import reads it again at sign-in. */
export const IMPORTED_FORMATS: Readonly<Record<ImportedHasher, HashFormat>> = {
  bcrypt,
  bcrypt_sha256_django: bcryptSha256Django,
  argon2id,
  argon2i,
  pbkdf2_sha256_django: pbkdf2Sha256Django,
  pbkdf2_sha1_django: pbkdf2Sha1Django,
  pbkdf2_sha1: pbkdf2Sha1,
  pbkdf2_sha256: pbkdf2Sha256,
  pbkdf2_sha512: pbkdf2Sha512,
  pbkdf2_phc: pbkdf2Phc,
  pbkdf2_keycloak: pbkdf2Keycloak,
  argon2_keycloak: argon2Keycloak,
  scrypt_firebase: scryptFirebase,
  scrypt_werkzeug: scryptWerkzeug,
  pbkdf2_werkzeug: pbkdf2Werkzeug,
  scrypt_auth0: scryptAuth0,
  phpass,
  sha256_salted: sha256Salted,
  sha256,
  md5,
};

export function isImportedHasher(name: string): name is ImportedHasher {
  return Object.hasOwn(IMPORTED_FORMATS, name);
}

/**
 * The formats a value without a named algorithm may be (docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified),
 * in the order they are tried. Their shapes do not overlap. The others (bare and salted digests, Clerk's
 * base64 PBKDF2s, Keycloak's and Auth0's canonical strings) are only ever named by their source.
 */
export const RECOGNISABLE: readonly ImportedHasher[] = [
  'bcrypt',
  'bcrypt_sha256_django',
  'argon2id',
  'argon2i',
  'pbkdf2_sha256_django',
  'pbkdf2_sha1_django',
  'pbkdf2_sha1',
  'pbkdf2_phc',
  'scrypt_werkzeug',
  'pbkdf2_werkzeug',
  'phpass',
  'scrypt_firebase',
];
