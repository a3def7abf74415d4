/**
 * `webhooks` in the engine options (docs/protocol/webhooks.md#1-settings). An object turns the
 * feature on (the product's `WEBHOOKS` setting fills it); leaving it out keeps it off: every
 * `/webhooks/*` route answers 404, stored endpoints are kept and nothing is delivered.
 */
export interface WebhookOptions {
  /** Lets endpoints use `http://` and loopback, private and link-local targets; default false. */
  allowPrivateUrls?: boolean;
  /** The delay before the first retry in milliseconds, 100–3600000; default 5000. */
  retryBaseMs?: number;
}

export interface ResolvedWebhooks {
  allowPrivateUrls: boolean;
  retryBaseMs: number;
}

export const RETRY_BASE_MIN_MS = 100;
export const RETRY_BASE_MAX_MS = 3_600_000;
export const RETRY_BASE_DEFAULT_MS = 5000;

export function resolveWebhooks(options: WebhookOptions | false | undefined): ResolvedWebhooks | undefined {
  if (!options) return undefined;
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_DEFAULT_MS;
  if (
    !Number.isSafeInteger(retryBaseMs) ||
    retryBaseMs < RETRY_BASE_MIN_MS ||
    retryBaseMs > RETRY_BASE_MAX_MS
  )
    throw new Error(
      `webhooks.retryBaseMs must be a whole number from ${RETRY_BASE_MIN_MS} to ${RETRY_BASE_MAX_MS}, got ${retryBaseMs}`,
    );
  return { allowPrivateUrls: options.allowPrivateUrls === true, retryBaseMs };
}
