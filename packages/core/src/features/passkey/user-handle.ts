import { createHmac } from 'node:crypto';

/**
 * The WebAuthn user handle of a user (docs/protocol/passkey.md#d10-one-user-handle-per-account): the same 32
 * bytes for every registration of one account, derived from the secret so it reveals nothing about the
 * user id. 1.7 sends a new random handle each time, so one account gets many.
 */
export function userHandle(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`webauthn-user-handle:${userId}`).digest('base64url');
}
