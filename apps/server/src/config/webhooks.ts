import { type Env, parseSwitch, variableReader } from './variables.ts';

/** Webhooks (`/api/auth/webhooks/*` and the delivery worker), docs/protocol/webhooks.md#1-settings. */
export type WebhooksConfig =
  | { enabled: false }
  | {
      enabled: true;
      /** `http://` and private, loopback, link-local targets allowed (development, internal receivers). */
      allowPrivateUrls: boolean;
      /** Milliseconds before the first retry; later ones grow from it. */
      retryBaseMs: number;
      /** Milliseconds one attempt waits for an answer before it fails. */
      timeoutMs: number;
    };

const RETRY_BASE_MIN = 100;
const RETRY_BASE_MAX = 3_600_000;
const TIMEOUT_MIN = 1000;
const TIMEOUT_MAX = 60_000;

/**
 * Reads WEBHOOKS and WEBHOOKS_ALLOW_PRIVATE_URLS (both off unless `on`), WEBHOOK_RETRY_BASE_MS and
 * WEBHOOK_TIMEOUT_MS.
 * Unlike the other feature switches, webhooks are off by default: they send data to other hosts.
 */
export function readWebhooks(env: Env, problems: string[]): WebhooksConfig {
  const read = variableReader(env, problems);
  const offByDefault = (name: string) =>
    read.value(name, false, (raw) => parseSwitch(raw, 'on', 'off'), "'on' or 'off'");
  const enabled = offByDefault('WEBHOOKS');
  const allowPrivateUrls = offByDefault('WEBHOOKS_ALLOW_PRIVATE_URLS');
  const retryBaseMs = read.value(
    'WEBHOOK_RETRY_BASE_MS',
    5000,
    (raw) =>
      /^\d{1,7}$/.test(raw) && Number(raw) >= RETRY_BASE_MIN && Number(raw) <= RETRY_BASE_MAX
        ? Number(raw)
        : undefined,
    `a whole number of milliseconds from ${RETRY_BASE_MIN} to ${RETRY_BASE_MAX}`,
  );
  const timeoutMs = read.value(
    'WEBHOOK_TIMEOUT_MS',
    10_000,
    (raw) =>
      /^\d{1,5}$/.test(raw) && Number(raw) >= TIMEOUT_MIN && Number(raw) <= TIMEOUT_MAX
        ? Number(raw)
        : undefined,
    `a whole number of milliseconds from ${TIMEOUT_MIN} to ${TIMEOUT_MAX}`,
  );
  if (!enabled) return { enabled: false };
  return { enabled: true, allowPrivateUrls, retryBaseMs, timeoutMs };
}
