import { signValue } from '../crypto/hmac.ts';

/** What a person recognises of a browser: its family and its operating system. */
export interface DeviceName {
  browser: string;
  os: string;
}

// First match wins: Edge and Opera carry "Chrome/" too, and Chrome carries "Safari/".
const BROWSER_TOKENS: [string, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\//],
  ['Opera', /\bOPR\/|\bOpera\b/],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

// iOS and Android before the desktop systems their agents also name.
const OS_TOKENS: [string, RegExp][] = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
];

const firstMatch = (tokens: [string, RegExp][], agent: string): string =>
  tokens.find(([, pattern]) => pattern.test(agent))?.[0] ?? 'Unknown';

/** Browser family and OS from a User-Agent header; versions are left out on purpose (they update). */
export function deviceName(userAgent: string | null | undefined): DeviceName {
  const agent = userAgent ?? '';
  return { browser: firstMatch(BROWSER_TOKENS, agent), os: firstMatch(OS_TOKENS, agent) };
}

/**
 * What identifies "this browser at this address" for one account: an HMAC under the server's
 * secret, so the table of known devices never holds an address and cannot be matched against a
 * list of addresses without the secret.
 */
export function deviceFingerprint(secret: string, device: DeviceName, ip: string | null): string {
  return signValue(secret, `known-device:${device.browser}|${device.os}|${ip ?? ''}`);
}
