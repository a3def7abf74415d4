import { ARGON2D_REFUSED, acceptArgon2 } from './argon2.ts';
import type { Pbkdf2Digest } from './derive.ts';
import { fromBase64 } from './encodings.ts';
import { decimal, type HashFormat } from './hash-format.ts';
import { acceptPbkdf2 } from './pbkdf2.ts';

// Keycloak's password credentials (docs/protocol/import.md#55-keycloak): `secretData` and `credentialData`
// folded into one string each, in the orders docs/protocol/import.md#55-keycloak fixes.

const PBKDF2_DIGESTS: Record<string, Pbkdf2Digest> = {
  pbkdf2: 'sha1',
  'pbkdf2-sha256': 'sha256',
  'pbkdf2-sha512': 'sha512',
};

/** `<algorithm>$<iterations>$<salt b64>$<value b64>`. */
export const pbkdf2Keycloak: HashFormat = {
  read(value) {
    const [algorithm = '', iterations, saltText = '', keyText = '', ...rest] = value.split('$');
    const digest = Object.hasOwn(PBKDF2_DIGESTS, algorithm) ? PBKDF2_DIGESTS[algorithm] : undefined;
    const salt = fromBase64(saltText);
    const key = fromBase64(keyText);
    if (!digest || !salt || !key || rest.length > 0) return null;
    // Keycloak's FIPS padding (NULs up to 14 characters, up to version 24) needs no second try: HMAC pads a
    // key shorter than its block with zeros anyway (RFC 2104 §2), so the padded and the bare password are the
    // same PBKDF2 key. The padded fixture in fixtures/hashes.json shows it.
    return acceptPbkdf2(value, { digest, iterations: decimal(iterations), salt, key });
  },
};

const ARGON2_VERSIONS: Record<string, 16 | 19> = { '1.0': 16, '1.3': 19 };

/** `<type>$<version>$<memory KiB>$<iterations>$<parallelism>$<hash length>$<salt b64>$<value b64>`. */
export const argon2Keycloak: HashFormat = {
  read(value) {
    const parts = value.split('$');
    if (parts.length !== 8) return null;
    const [type, versionText = '', m, t, p, lengthText, saltText = '', keyText = ''] = parts;
    const version = Object.hasOwn(ARGON2_VERSIONS, versionText) ? ARGON2_VERSIONS[versionText] : undefined;
    const salt = fromBase64(saltText);
    const key = fromBase64(keyText);
    if ((type !== 'id' && type !== 'i' && type !== 'd') || !version || !salt || !key) return null;
    if (type === 'd') return ARGON2D_REFUSED;
    if (decimal(lengthText) !== key.length) return null;
    return acceptArgon2(value, {
      type,
      version,
      memoryKiB: decimal(m),
      time: decimal(t),
      parallelism: decimal(p),
      salt,
      key,
    });
  },
};

/** The canonical value of a `pbkdf2*` credential: its `credentialData` and `secretData` fields, as exported. */
export function keycloakPbkdf2Value(input: {
  algorithm: string;
  hashIterations: number;
  salt: string;
  value: string;
}): string {
  return [input.algorithm, input.hashIterations, input.salt, input.value].join('$');
}

/**
 * The canonical value of an `argon2` credential. `type`, `version`, `memory`, `parallelism` and `hashLength` are
 * the first items of `additionalParameters`' lists.
 */
export function keycloakArgon2Value(input: {
  type: string;
  version: string;
  memory: number;
  hashIterations: number;
  parallelism: number;
  hashLength: number;
  salt: string;
  value: string;
}): string {
  const { type, version, memory, hashIterations, parallelism, hashLength, salt, value } = input;
  return [type, version, memory, hashIterations, parallelism, hashLength, salt, value].join('$');
}
