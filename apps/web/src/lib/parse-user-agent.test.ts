import { describe, expect, it } from 'vitest';
import { describeUserAgent, type ParsedUserAgent, parseUserAgent } from './parse-user-agent.ts';

type Row = [label: string, userAgent: string | null, expected: ParsedUserAgent];

const rows: Row[] = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    { browser: 'Chrome', version: 124, os: 'Windows', device: 'desktop' },
  ],
  [
    'Chrome on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
    { browser: 'Chrome', version: 120, os: 'macOS', device: 'desktop' },
  ],
  [
    'Chrome on an Android phone',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Mobile Safari/537.36',
    { browser: 'Chrome', version: 123, os: 'Android', device: 'phone' },
  ],
  [
    'Chrome on an Android tablet',
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36',
    { browser: 'Chrome', version: 122, os: 'Android', device: 'tablet' },
  ],
  [
    'Chrome on iPhone (CriOS)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
    { browser: 'Chrome', version: 123, os: 'iOS', device: 'phone' },
  ],
  [
    'Chrome on ChromeOS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36',
    { browser: 'Chrome', version: 121, os: 'ChromeOS', device: 'desktop' },
  ],
  [
    'headless Chrome on Linux',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', version: 131, os: 'Linux', device: 'desktop' },
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
    { browser: 'Edge', version: 124, os: 'Windows', device: 'desktop' },
  ],
  [
    'Edge on Android (EdgA)',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64',
    { browser: 'Edge', version: 124, os: 'Android', device: 'phone' },
  ],
  [
    'Edge on iPhone (EdgiOS)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/123.2420.65 Mobile/15E148 Safari/605.1.15',
    { browser: 'Edge', version: 123, os: 'iOS', device: 'phone' },
  ],
  [
    'legacy Edge (EdgeHTML)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045',
    { browser: 'Edge', version: 18, os: 'Windows', device: 'desktop' },
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    { browser: 'Firefox', version: 125, os: 'Linux', device: 'desktop' },
  ],
  [
    'Firefox on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:124.0) Gecko/20100101 Firefox/124.0',
    { browser: 'Firefox', version: 124, os: 'macOS', device: 'desktop' },
  ],
  [
    'Firefox on an Android phone',
    'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
    { browser: 'Firefox', version: 125, os: 'Android', device: 'phone' },
  ],
  [
    'Firefox on an Android tablet',
    'Mozilla/5.0 (Android 13; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0',
    { browser: 'Firefox', version: 125, os: 'Android', device: 'tablet' },
  ],
  [
    'Firefox on iPhone (FxiOS)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.2 Mobile/15E148 Safari/605.1.15',
    { browser: 'Firefox', version: 124, os: 'iOS', device: 'phone' },
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    { browser: 'Safari', version: 17, os: 'macOS', device: 'desktop' },
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
    { browser: 'Safari', version: 17, os: 'iOS', device: 'phone' },
  ],
  [
    'Safari on iPad',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    { browser: 'Safari', version: 16, os: 'iOS', device: 'tablet' },
  ],
  [
    'Opera on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 OPR/109.0.0.0',
    { browser: 'Opera', version: 109, os: 'Windows', device: 'desktop' },
  ],
  [
    'Opera on Android',
    'Mozilla/5.0 (Linux; Android 10; VOG-L29) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Mobile Safari/537.36 OPR/81.1.4292.78446',
    { browser: 'Opera', version: 81, os: 'Android', device: 'phone' },
  ],
  [
    'Opera 12 (Presto)',
    'Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.16',
    { browser: 'Opera', version: 12, os: 'Windows', device: 'desktop' },
  ],
  [
    'Samsung Internet is not called Chrome',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    { browser: 'Unknown', version: null, os: 'Android', device: 'phone' },
  ],
  [
    'Android stock browser is not called Safari',
    'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; HTC Sensation Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
    { browser: 'Unknown', version: null, os: 'Android', device: 'phone' },
  ],
  [
    'an iOS in-app web view',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    { browser: 'Unknown', version: null, os: 'iOS', device: 'phone' },
  ],
  ['curl', 'curl/8.5.0', { browser: 'Unknown', version: null, os: 'Unknown', device: 'unknown' }],
  ['Node fetch', 'node', { browser: 'Unknown', version: null, os: 'Unknown', device: 'unknown' }],
  ['an empty header', '', { browser: 'Unknown', version: null, os: 'Unknown', device: 'unknown' }],
  ['no header', null, { browser: 'Unknown', version: null, os: 'Unknown', device: 'unknown' }],
];

describe('parseUserAgent', () => {
  it.each(rows)('%s', (_label, userAgent, expected) => {
    expect(parseUserAgent(userAgent)).toEqual(expected);
  });
});

describe('describeUserAgent', () => {
  it.each([
    [{ browser: 'Chrome', version: 120, os: 'macOS', device: 'desktop' }, 'Chrome 120 on macOS'],
    [{ browser: 'Opera', version: null, os: 'Windows', device: 'desktop' }, 'Opera on Windows'],
    [{ browser: 'Unknown', version: null, os: 'Android', device: 'phone' }, 'Unknown browser on Android'],
    [{ browser: 'Firefox', version: 48, os: 'Unknown', device: 'phone' }, 'Firefox 48'],
    [{ browser: 'Unknown', version: null, os: 'Unknown', device: 'unknown' }, 'Unknown device'],
  ] satisfies [ParsedUserAgent, string][])('%o reads "%s"', (parsed, text) => {
    expect(describeUserAgent(parsed)).toBe(text);
  });
});
