import type { AuthContext } from '../../context.ts';
import { symmetricDecrypt, symmetricEncrypt } from '../../crypto/encryption.ts';
import type { EndpointRow } from './webhook.repository.ts';

/** How long the previous secret signs beside the new one after a rotation (docs/protocol/webhooks.md#45-post-webhooksrotate-secret). */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** Secrets are stored encrypted under the engine secret, as linked providers' tokens are. */
export const sealSecret = (auth: AuthContext, secret: string): string =>
  symmetricEncrypt(auth.options.secret, secret);

/**
 * The secrets that sign a delivery now: the current one, and the previous one while its overlap
 * lasts — the new one first, never more than two (docs/protocol/webhooks.md#45-post-webhooksrotate-secret).
 */
export function signingSecrets(auth: AuthContext, row: EndpointRow, now: number): string[] {
  const secrets = [symmetricDecrypt(auth.options.secret, row.secret)];
  if (row.previousSecret && row.previousSecretUntil && new Date(row.previousSecretUntil).getTime() > now)
    secrets.push(symmetricDecrypt(auth.options.secret, row.previousSecret));
  return secrets;
}
