import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../../crypto/constant-time.ts';
import { symmetricDecrypt, symmetricEncrypt } from '../../crypto/encryption.ts';
import { randomString } from '../../crypto/random.ts';
import { base32Decode } from './base32.ts';

// The stored formats of Better Auth 1.7's two-factor plugin (docs/protocol/two-factor.md#stored-formats), so
// a database moves between the two in both directions.

const SECRET_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BACKUP_CODE_COUNT = 10;

/** A new TOTP secret: 32 random characters whose ASCII bytes are the HMAC key (256 bits). */
export const newTotpSecret = (): string => randomString(32, SECRET_ALPHABET);

export const sealTotpSecret = (secret: string, totpSecret: string): string =>
  symmetricEncrypt(secret, totpSecret);

/**
 * The HMAC key of a stored secret, or null when it does not decrypt under the secret. Imported
 * secrets are stored as `base32:{BASE32}` and are decoded to their raw bytes.
 */
export function openTotpKey(secret: string, stored: string): Uint8Array | null {
  const text = decryptOrNull(secret, stored);
  if (text === null) return null;
  if (text.startsWith('base32:')) return base32Decode(text.slice('base32:'.length));
  return Buffer.from(text, 'utf8');
}

/** Ten codes `xxxxx-xxxxx` of a-z A-Z 0-9 (≈ 59.5 bits each). */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const code = randomString(10, CODE_ALPHABET);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export const sealBackupCodes = (secret: string, codes: string[]): string =>
  symmetricEncrypt(secret, JSON.stringify(codes));

/** The stored codes (encrypted JSON, or plain JSON from a `storeBackupCodes: "plain"` database); null when unreadable. */
export function openBackupCodes(secret: string, stored: string): string[] | null {
  const text = stored.startsWith('[') ? stored : decryptOrNull(secret, stored);
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((c) => typeof c === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Finds a code among the stored ones comparing each in constant time
 * (docs/protocol/two-factor.md#d5-codes-are-hashed-at-rest: 1.7 uses a plain membership test), and returns
 * the list without it; null when it is not there.
 */
export function spendBackupCode(codes: string[], code: string): string[] | null {
  let found = -1;
  codes.forEach((candidate, index) => {
    if (constantTimeEqual(candidate, code) && found === -1) found = index;
  });
  return found === -1 ? null : codes.filter((_, index) => index !== found);
}

/** A new emailed code: six random decimal digits, leading zeros kept. */
export const newOtp = (): string => randomString(6, '0123456789');

/**
 * OTPs are stored hashed (docs/protocol/two-factor.md#d5-codes-are-hashed-at-rest): 1.7's `hashed` format,
 * unpadded base64url SHA-256.
 */
export const hashOtp = (code: string): string => createHash('sha256').update(code).digest('base64url');

/**
 * Whether a code matches a stored OTP written in any of 1.7's formats: hashed (Gatehouse's and
 * 1.7's `hashed`), encrypted (hex), or plain (1.7's default).
 */
export function otpMatches(secret: string, stored: string, code: string): boolean {
  if (/^[A-Za-z0-9_-]{43}$/.test(stored)) return constantTimeEqual(hashOtp(code), stored);
  if (/^[0-9a-f]{80,}$/.test(stored)) {
    const plain = decryptOrNull(secret, stored);
    return plain !== null && constantTimeEqual(plain, code);
  }
  return constantTimeEqual(stored, code);
}

function decryptOrNull(secret: string, stored: string): string | null {
  try {
    return symmetricDecrypt(secret, stored);
  } catch {
    return null;
  }
}
