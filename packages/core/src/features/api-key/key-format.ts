import { hash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { randomString } from '../../crypto/random.ts';

/**
 * The keys Gatehouse generates (features/api-key/README.md#key-format): the requested prefix, the
 * fixed tag `gth_`, 56 random base62 characters and 6 base62 characters of a CRC-32 over everything
 * before them. The tag lets secret scanners find a leaked key; the checksum lets the engine refuse a
 * mistyped or made-up key without reading the database. Keys of other shapes (a Better Auth
 * database's 64 letters) are still looked up by their hash (docs/protocol/api-key.md#key-format-and-hashing).
 */
export const KEY_TAG = 'gth_';
const RANDOM_LENGTH = 56;
const CHECKSUM_LENGTH = 6;
/** The checksum's digits; the random part is `randomString`'s alphabet, the same 62 characters. */
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The shortest key `x-api-key` looks up (docs/protocol/api-key.md#validation-in-order step 1). */
export const MIN_PRESENTED_KEY_LENGTH = 64;

/** A Gatehouse key's tail: the tag, then exactly the random part and the checksum, at the very end. */
const GATEHOUSE_TAIL = new RegExp(`${KEY_TAG}[A-Za-z0-9]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

/** For secret scanners: a Gatehouse key anywhere in a text, its prefix (if any) included. */
export const KEY_PATTERN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{0,32}gth_[A-Za-z0-9]{62}(?![A-Za-z0-9_-])/g;

/** The CRC-32 of the text, as exactly six base62 characters (62^6 exceeds 2^32). */
function checksumOf(text: string): string {
  let value = crc32(text);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** A new key: at least 66 characters of `[A-Za-z0-9_-]`, beginning with the prefix when one is given. */
export function generateKey(prefix: string | null): string {
  const body = `${prefix ?? ''}${KEY_TAG}${randomString(RANDOM_LENGTH)}`;
  return body + checksumOf(body);
}

/**
 * False only for a key in Gatehouse's shape whose checksum does not match: certainly no key ever
 * generated, so it is refused as an unknown key without a lookup. Every other key may be stored.
 */
export function mayBeStored(key: string): boolean {
  if (!GATEHOUSE_TAIL.test(key)) return true;
  const body = key.slice(0, -CHECKSUM_LENGTH);
  return checksumOf(body) === key.slice(-CHECKSUM_LENGTH);
}

/** What `apikey.key` holds: base64url SHA-256 of the whole key, unpadded, exactly as Better Auth stores it. */
export function hashKey(key: string): string {
  // The one-shot hash: no Hash object per request (it runs on every x-api-key use).
  return hash('sha256', key, 'base64url');
}

/** What `start` holds: the first six characters, prefix included, for display. */
export const startOf = (key: string): string => key.slice(0, 6);
