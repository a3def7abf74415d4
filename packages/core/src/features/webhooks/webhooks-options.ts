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
  /** How long one attempt may wait for an answer in milliseconds, 1000–60000; default 10000. */
  timeoutMs?: number;
  /**
   * Where the web app's webhooks screens are, for the link of the failing notice; default the
   * server's own `/admin/webhooks` and `/organization/webhooks`.
   */
  screens?: { admin?: string; organization?: string };
}

export interface ResolvedWebhooks {
  allowPrivateUrls: boolean;
  retryBaseMs: number;
  timeoutMs: number;
  screens: { admin?: string; organization?: string };
}

export const RETRY_BASE_MIN_MS = 100;
export const RETRY_BASE_MAX_MS = 3_600_000;
export const RETRY_BASE_DEFAULT_MS = 5000;

export const TIMEOUT_MIN_MS = 1000;
export const TIMEOUT_MAX_MS = 60_000;
export const TIMEOUT_DEFAULT_MS = 10_000;

function wholeWithin(name: string, value: number, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new Error(`webhooks.${name} must be a whole number from ${min} to ${max}, got ${value}`);
  return value;
}

export function resolveWebhooks(options: WebhookOptions | false | undefined): ResolvedWebhooks | undefined {
  if (!options) return undefined;
  return {
    allowPrivateUrls: options.allowPrivateUrls === true,
    retryBaseMs: wholeWithin(
      'retryBaseMs',
      options.retryBaseMs ?? RETRY_BASE_DEFAULT_MS,
      RETRY_BASE_MIN_MS,
      RETRY_BASE_MAX_MS,
    ),
    screens: { ...options.screens },
    timeoutMs: wholeWithin(
      'timeoutMs',
      options.timeoutMs ?? TIMEOUT_DEFAULT_MS,
      TIMEOUT_MIN_MS,
      TIMEOUT_MAX_MS,
    ),
  };
}
