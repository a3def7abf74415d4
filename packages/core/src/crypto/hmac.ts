import { createHmac } from 'node:crypto';
import { constantTimeEqual } from './constant-time.ts';

/**
 * HMAC-SHA256 as standard padded base64: always 44 characters ending in `=`, the signature
 * format of Better Auth's signed cookies (docs/protocol/core.md#secret-and-crypto).
 */
export function signValue(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64');
}

/** HMAC-SHA256 as unpadded base64url, used inside the cookie-cache payload. */
export function signValueBase64Url(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function verifySignature(secret: string, value: string, signature: string): boolean {
  return constantTimeEqual(signValue(secret, value), signature);
}
