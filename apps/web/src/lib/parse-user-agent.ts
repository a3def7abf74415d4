import { type Translate, translateNow } from '../i18n/language.ts';

export type BrowserName = 'Chrome' | 'Edge' | 'Firefox' | 'Safari' | 'Opera' | 'Unknown';
export type OsName = 'Windows' | 'macOS' | 'iOS' | 'Android' | 'Linux' | 'ChromeOS' | 'Unknown';
export type DeviceType = 'desktop' | 'phone' | 'tablet' | 'unknown';

export interface ParsedUserAgent {
  browser: BrowserName;
  /** Major version; null when the browser is unknown or names none. */
  version: number | null;
  os: OsName;
  device: DeviceType;
}

// Order matters: Edge and Opera also say "Chrome/", Chrome also says "Safari/", and the iOS
// browsers (CriOS, FxiOS, EdgiOS) are Safari underneath. Each pattern captures the major version.
const BROWSERS: [BrowserName, RegExp][] = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/],
  ['Opera', /\b(?:OPR|OPT|OPiOS)\/(\d+)|\bOpera\b.*\bVersion\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\//],
];

// Other browsers built on Chrome or Safari that carry their tokens; naming them Chrome would mislead.
const OTHER_BROWSERS = /\b(?:SamsungBrowser|YaBrowser|UCBrowser|Silk|MiuiBrowser)\//;

/**
 * Browser, major version, operating system and kind of device from a User-Agent header, for
 * showing sessions to people. Best effort by design: anything not recognised is "Unknown".
 */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const ua = userAgent ?? '';
  const os = parseOs(ua);
  return { ...parseBrowser(ua, os), os, device: parseDevice(ua, os) };
}

function parseBrowser(ua: string, os: OsName): Pick<ParsedUserAgent, 'browser' | 'version'> {
  if (!ua || OTHER_BROWSERS.test(ua)) return { browser: 'Unknown', version: null };
  for (const [browser, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (!match) continue;
    // Android's old stock browser says "Version/4.0 … Safari/" without being Safari.
    if (browser === 'Safari' && os === 'Android') break;
    const digits = match.slice(1).find((group) => group !== undefined);
    return { browser, version: digits ? Number(digits) : null };
  }
  return { browser: 'Unknown', version: null };
}

function parseOs(ua: string): OsName {
  // Before macOS and Linux: iOS says "like Mac OS X", Android and ChromeOS say "Linux".
  if (/\b(?:iPhone|iPad|iPod)\b/.test(ua)) return 'iOS';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return 'Unknown';
}

function parseDevice(ua: string, os: OsName): DeviceType {
  if (/\biPad\b|\bTablet\b/.test(ua)) return 'tablet';
  if (/\b(?:iPhone|iPod)\b/.test(ua)) return 'phone';
  // Android phones say "Mobile"; Android tablets leave it out.
  if (os === 'Android') return /\bMobile\b/.test(ua) ? 'phone' : 'tablet';
  if (/\bMobile\b/.test(ua)) return 'phone';
  if (os === 'Windows' || os === 'macOS' || os === 'Linux' || os === 'ChromeOS') return 'desktop';
  return 'unknown';
}

/** "Chrome 120 on macOS", "Unknown browser on Linux", "Unknown device". */
export function describeUserAgent(
  { browser, version, os }: ParsedUserAgent,
  t: Translate = translateNow,
): string {
  if (browser === 'Unknown' && os === 'Unknown') return t('ui.device.unknown');
  const name =
    browser === 'Unknown'
      ? t('ui.device.unknownBrowser')
      : version === null
        ? browser
        : `${browser} ${version}`;
  return os === 'Unknown' ? name : t('ui.device.browserOnOs', { browser: name, os });
}
