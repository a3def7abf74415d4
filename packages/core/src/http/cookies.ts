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

/**
 * Parses a Cookie header into name -> value, keeping the first of repeated names; white space
 * around names and values is dropped, and a value's surrounding double quotes. It runs on every
 * request, so it walks the header with indexOf instead of splitting and trimming copies of it.
 */
export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  const end = header.length;
  for (let start = 0; start < end; ) {
    let stop = header.indexOf(';', start);
    if (stop === -1) stop = end;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < stop) {
      const nameStart = skipSpace(header, start, eq);
      const nameEnd = trimSpaceEnd(header, nameStart, eq);
      const name = header.slice(nameStart, nameEnd);
      if (name && !cookies.has(name)) {
        let valueStart = skipSpace(header, eq + 1, stop);
        let valueEnd = trimSpaceEnd(header, valueStart, stop);
        if (valueEnd - valueStart >= 2 && header[valueStart] === '"' && header[valueEnd - 1] === '"') {
          valueStart++;
          valueEnd--;
        }
        cookies.set(name, header.slice(valueStart, valueEnd));
      }
    }
    start = stop + 1;
  }
  return cookies;
}

const isSpace = (code: number): boolean => code === 32 || code === 9;

/** The first index from `from` (before `to`) that is not a space or tab. */
function skipSpace(text: string, from: number, to: number): number {
  let at = from;
  while (at < to && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The end of `text[from, to)` without its trailing spaces and tabs. */
function trimSpaceEnd(text: string, from: number, to: number): number {
  let at = to;
  while (at > from && isSpace(text.charCodeAt(at - 1))) at--;
  return at;
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
