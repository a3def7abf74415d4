/**
 * `value` as a path on this site, or null when it would lead elsewhere. Parsing with the URL
 * parser catches what prefix checks miss: `/\evil.example` and `/\t/evil.example` both resolve
 * to another host in browsers.
 */
export function sameSitePath(value: string | null): string | null {
  if (!value?.startsWith('/')) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
