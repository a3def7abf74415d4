/** Attributes of a Set-Cookie header; names follow the header, values are already validated. */
export interface CookieAttributes {
  maxAge?: number;
  domain?: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Lax' | 'Strict' | 'None';
}

/** Browsers cap Max-Age at 400 days (RFC 6265bis); a longer one is a configuration error. */
export const MAX_COOKIE_AGE_SECONDS = 34_560_000;

/** Parses a Cookie header into name -> value, keeping the first of repeated names. */
export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    cookies.set(name, value);
  }
  return cookies;
}

/**
 * Serialises one cookie in the attribute order Better Auth emits
 * (docs/protocol/core.md#cookie-names-and-attributes).
 */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  if (attributes.maxAge !== undefined && attributes.maxAge > MAX_COOKIE_AGE_SECONDS) {
    throw new Error(`Cookie ${name} Max-Age ${attributes.maxAge} exceeds 400 days`);
  }
  let out = `${name}=${value}`;
  if (attributes.maxAge !== undefined) out += `; Max-Age=${Math.floor(attributes.maxAge)}`;
  if (attributes.domain) out += `; Domain=${attributes.domain}`;
  out += `; Path=${attributes.path}`;
  if (attributes.httpOnly) out += '; HttpOnly';
  if (attributes.secure) out += '; Secure';
  out += `; SameSite=${attributes.sameSite}`;
  return out;
}
