import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, type WebhookUrlRefusal } from './target-url.ts';

type Row = readonly [
  url: string,
  withoutAllow: WebhookUrlRefusal | undefined,
  withAllow: WebhookUrlRefusal | undefined,
];

const ROWS: readonly Row[] = [
  // Accepted public https targets.
  ['https://hooks.example.com/gatehouse', undefined, undefined],
  ['https://hooks.example.com:8443/a?b=c', undefined, undefined],
  ['https://93.184.216.34/hook', undefined, undefined],
  ['https://[2606:4700:4700::1111]/hook', undefined, undefined],
  // Malformed: checked before anything else.
  ['/relative/path', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['hooks.example.com/x', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['ftp://hooks.example.com/x', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['file:///etc/passwd', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['javascript:alert(1)', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['https://user:pass@hooks.example.com/', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['https://user@hooks.example.com/', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['https://:pass@hooks.example.com/', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['https://hooks.example.com/#frag', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['https://hooks.example.com/#', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['http://127.0.0.1/#x', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  ['https://[::1/', 'INVALID_WEBHOOK_URL', 'INVALID_WEBHOOK_URL'],
  // Non-public hosts as written, in every spelling the WHATWG parser accepts.
  ['http://127.0.0.1/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://127.0.0.1/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['http://2130706433/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://0x7f.1/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://0177.0.0.1/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://127.1/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://127.0.0.1./', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://[::1]/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://[::ffff:127.0.0.1]/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://[64:ff9b::a9fe:a9fe]/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://[fe80::1]/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://10.0.0.5/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['http://169.254.169.254/latest/meta-data', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://localhost/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['http://LOCALHOST:3000/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://localhost./', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://api.localhost/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['https://0.0.0.0/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  // A name that merely looks local is not resolved here; a neighbour of localhost is public.
  ['https://notlocalhost/', undefined, undefined],
  ['https://localhost.example.com/', undefined, undefined],
  ['https://internal.corp/', undefined, undefined],
  // Plain http: to a public host never; to a non-public one only with the allow setting.
  ['http://hooks.example.com/', 'WEBHOOK_URL_NOT_HTTPS', 'WEBHOOK_URL_NOT_HTTPS'],
  ['http://93.184.216.34/', 'WEBHOOK_URL_NOT_HTTPS', 'WEBHOOK_URL_NOT_HTTPS'],
  ['http://internal.corp/', 'WEBHOOK_URL_NOT_HTTPS', 'WEBHOOK_URL_NOT_HTTPS'],
  ['http://192.168.1.20:8080/hook', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
  ['http://[::1]:9000/', 'WEBHOOK_URL_PRIVATE_ADDRESS', undefined],
];

describe('checkWebhookUrl', () => {
  it.each(ROWS)('%s → %s without the allow setting, %s with it', (url, withoutAllow, withAllow) => {
    expect(checkWebhookUrl(url, false)).toBe(withoutAllow);
    expect(checkWebhookUrl(url, true)).toBe(withAllow);
  });

  it('accepts 2048 characters and refuses 2049', () => {
    const prefix = 'https://hooks.example.com/';
    const exact = prefix + 'a'.repeat(2048 - prefix.length);
    expect(checkWebhookUrl(exact, false)).toBeUndefined();
    expect(checkWebhookUrl(exact + 'a', false)).toBe('INVALID_WEBHOOK_URL');
  });
});
