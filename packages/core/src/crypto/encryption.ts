import { createHash, randomBytes } from 'node:crypto';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';

const NONCE_BYTES = 24;

// docs/protocol/social.md#encryption-format: key = SHA-256 of the secret string; output = hex(nonce ‖
// ciphertext ‖ tag).
const deriveKey = (secret: string): Uint8Array => createHash('sha256').update(secret).digest();

/** Encrypts text with XChaCha20-Poly1305 under a key derived from the secret. */
export function symmetricEncrypt(secret: string, plaintext: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const sealed = xchacha20poly1305(deriveKey(secret), nonce).encrypt(new TextEncoder().encode(plaintext));
  return Buffer.concat([nonce, sealed]).toString('hex');
}

/** Decrypts `symmetricEncrypt` output; throws when the data was tampered with or the key differs. */
export function symmetricDecrypt(secret: string, hex: string): string {
  const data = Buffer.from(hex, 'hex');
  const nonce = data.subarray(0, NONCE_BYTES);
  const opened = xchacha20poly1305(deriveKey(secret), nonce).decrypt(data.subarray(NONCE_BYTES));
  return new TextDecoder().decode(opened);
}
