import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A Standard Webhooks secret (docs/protocol/webhooks.md#41-post-webhookscreate-endpoint): `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * A message id (docs/protocol/webhooks.md#6-signature-standard-webhooks-v1): one per message, kept across retries and redeliveries so receivers can
 * deduplicate. 16 random bytes make collisions a non-issue; base64url keeps it header- and URL-safe.
 */
export function newWebhookId(): string {
  return 'msg_' + randomBytes(16).toString('base64url');
}

/**
 * The `webhook-signature` header: one `v1,<base64 HMAC-SHA256>` entry per secret, in the
 * order given (the newest first during a rotation overlap, docs/protocol/webhooks.md#45-post-webhooksrotate-secret), separated by single spaces.
 * The key is the secret's bytes: base64 without the `whsec_` prefix.
 */
export function signatureHeader(
  secrets: readonly string[],
  webhookId: string,
  timestampSeconds: number,
  body: string,
): string {
  const signed = `${webhookId}.${timestampSeconds}.${body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(
        secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
        'base64',
      );
      return 'v1,' + createHmac('sha256', key).update(signed, 'utf8').digest('base64');
    })
    .join(' ');
}
