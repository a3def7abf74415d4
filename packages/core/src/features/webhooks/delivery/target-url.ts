import { isIP } from 'node:net';
import { isNonPublicAddress } from './private-address.ts';

export type WebhookUrlRefusal =
  | 'INVALID_WEBHOOK_URL'
  | 'WEBHOOK_URL_PRIVATE_ADDRESS'
  | 'WEBHOOK_URL_NOT_HTTPS';

const MAX_URL_LENGTH = 2048;

/**
 * The URL checks of docs/protocol/webhooks.md#8-targets-ssrf-guard and docs/protocol/webhooks.md#49-errors, in their order: a malformed URL, then a
 * non-public host as written, then plain http. Only the host as written is judged; names are not
 * resolved here (every attempt resolves and checks again, send-attempt.ts).
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): WebhookUrlRefusal | undefined {
  const url = parseUrl(raw);
  if (!url) return 'INVALID_WEBHOOK_URL';
  const nonPublic = isNonPublicHost(url.hostname);
  if (nonPublic && !allowPrivate) return 'WEBHOOK_URL_PRIVATE_ADDRESS';
  // The allow setting exists for local and internal receivers, not to send events in clear text
  // across the internet, so a public (or merely named) host still needs https.
  if (url.protocol === 'http:' && !(allowPrivate && nonPublic)) return 'WEBHOOK_URL_NOT_HTTPS';
  return undefined;
}

function parseUrl(raw: string): URL | undefined {
  if (raw.length > MAX_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  // `url.hash` is '' for a bare trailing '#', but href keeps it; a '#' anywhere else is escaped.
  if (url.href.includes('#')) return undefined;
  return url;
}

/**
 * The WHATWG parser has already turned every IPv4 spelling (`2130706433`, `0x7f.1`) into dotted
 * form and wrapped IPv6 in brackets; a final dot on a name is the same host in DNS.
 */
function isNonPublicHost(hostname: string): boolean {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname.replace(/\.$/, '');
  if (isIP(host) !== 0) return isNonPublicAddress(host);
  return host === 'localhost' || host.endsWith('.localhost');
}
