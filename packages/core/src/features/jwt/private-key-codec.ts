import type { JWK } from 'jose';
import { symmetricDecrypt, symmetricEncrypt } from '../../crypto/encryption.ts';

const DECRYPT_FAILED =
  'Failed to decrypt private key. Make sure the secret currently in use is the same as the one used to ' +
  'encrypt the private key. If the secret changed on purpose, remove the old rows from the jwks table or ' +
  'turn private key encryption off.';

/**
 * The `privateKey` column (docs/protocol/jwt.md#keys-and-rotation). Encrypted, it holds the JSON string
 * literal of the ciphertext, quotes included, exactly as Better Auth writes it, so either server can read the
 * other's keys. Unencrypted, it holds the JWK's JSON text.
 */
export function encodePrivateKey(jwk: JWK, secret: string, encrypt: boolean): string {
  const json = JSON.stringify(jwk);
  return encrypt ? JSON.stringify(symmetricEncrypt(secret, json)) : json;
}

/**
 * Reads either form: a JSON string is ciphertext, a JSON object is a plain JWK. Telling them
 * apart by shape keeps keys readable after encryption is switched on or off.
 */
export function decodePrivateKey(stored: string, secret: string): JWK {
  const parsed: unknown = JSON.parse(stored);
  if (typeof parsed !== 'string') return parsed as JWK;
  try {
    return JSON.parse(symmetricDecrypt(secret, parsed)) as JWK;
  } catch (cause) {
    throw new Error(DECRYPT_FAILED, { cause });
  }
}
