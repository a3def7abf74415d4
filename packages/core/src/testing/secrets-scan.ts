import type { EmailMessage } from '../email/mailer.ts';

/**
 * Request body fields whose values are secrets: passwords, tokens, codes, and the API key an
 * introspection presents (any nesting).
 */
const SECRET_FIELD = /password|token|secret|code|otp|^key$/i;
/** Answer fields whose values are secrets (an error's `code` is not one: it is recorded on purpose). */
const SECRET_ANSWER_FIELD = /^(token|\w*Token|totpURI|backupCodes|secret|key)$/;
/** Query parameters that carry secrets in links, redirects and callbacks. */
const SECRET_PARAMS = ['token', 'code', 'state'];
/** Shorter values are skipped: they cannot be told from the ordinary text of an event. */
const MIN_LENGTH = 6;
/** The engine's body limit: larger bodies are refused before any field is read. */
const MAX_BODY = 64 * 1024;
/** Below this length a secret only counts as a whole word of a value (a six-digit code). */
const SUBSTRING_LENGTH = 12;
/**
 * A short lower-case word used as a password (`password`, `sunshine` in the common-password
 * tests) cannot be told from the event model's own words (`method: password`): skipped.
 */
const WORDLIKE = /^[a-z_-]{1,12}$/;

/** Where a recorded secret was found. */
export interface SecretFound {
  /** The secret's start, enough to recognise it in a test. */
  secret: string;
  /** How the test server saw it pass (`request body password`, `Set-Cookie`, `mail code`). */
  seen: string;
  eventType: string;
}

/**
 * Every secret that passes through a test server — passwords and codes in request bodies, tokens
 * in answers, cookies and redirects, links and codes in mail — so that, when the server closes,
 * its audit table can be searched for all of them (docs/security-activity.md#never-recorded: an event never
 * holds a password, token, code, secret or cookie value).
 */
export class SecretsScan {
  readonly #secrets = new Map<string, string>();

  get size(): number {
    return this.#secrets.size;
  }

  keep(value: string, seen: string): void {
    if (value.length < MIN_LENGTH || WORDLIKE.test(value) || this.#secrets.has(value)) return;
    this.#secrets.set(value, seen);
  }

  /** The request's query and path tokens, its bearer token and API key, and secret fields of its body (read from a clone). */
  async request(request: Request): Promise<void> {
    this.#url(new URL(request.url), 'request URL');
    const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (bearer) this.keep(bearer, 'Authorization');
    const apiKey = request.headers.get('x-api-key');
    if (apiKey) this.keep(apiKey, 'x-api-key');
    const type = request.headers.get('content-type') ?? '';
    if (request.method !== 'POST' || !/json|form-urlencoded/i.test(type)) return;
    // Only a body whose whole length is announced and within the engine's limit: waiting on any
    // other (a stream a test never finishes) could hold the request up.
    const length = Number(request.headers.get('content-length') ?? Number.NaN);
    if (!(length <= MAX_BODY)) return;
    // Cloned only here: a clone of a body nobody reads (an upload refused early) holds it up.
    const text = await request
      .clone()
      .text()
      .catch(() => '');
    if (/form-urlencoded/i.test(type)) {
      for (const [key, value] of new URLSearchParams(text))
        if (SECRET_FIELD.test(key)) this.keep(value, `request body ${key}`);
      return;
    }
    try {
      this.#fields(JSON.parse(text), SECRET_FIELD, 'request body', false);
    } catch {
      // Not JSON: nothing the engine could have read as a field either.
    }
  }

  /** Cookie values it sets, the tokens of a redirect, and secret fields of a JSON answer. */
  async response(response: Response): Promise<void> {
    for (const header of response.headers.getSetCookie()) {
      const raw = header.slice(header.indexOf('=') + 1).split(';')[0] ?? '';
      const value = safeDecode(raw);
      this.keep(value, 'Set-Cookie');
      // A signed cookie is `value.signature`: the value alone is the secret too.
      const dot = value.lastIndexOf('.');
      if (dot > 0) this.keep(value.slice(0, dot), 'Set-Cookie');
    }
    const location = response.headers.get('location');
    if (location) this.#url(new URL(location, 'http://relative.invalid'), 'Location');
    if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return;
    const text = await response.text();
    try {
      this.#fields(JSON.parse(text), SECRET_ANSWER_FIELD, 'answer', false);
    } catch {
      // An empty or non-JSON body holds no fields.
    }
  }

  /** The code and the link's tokens of an email. */
  mail(message: EmailMessage): void {
    if (message.code) this.keep(message.code, 'mail code');
    if (message.link) this.#url(new URL(message.link, 'http://relative.invalid'), 'mail link');
  }

  /** The secrets that some event of `rows` (audit table rows) holds, in any column or metadata. */
  findIn(rows: readonly Record<string, unknown>[]): SecretFound[] {
    const found: SecretFound[] = [];
    for (const row of rows) {
      const text = valuesOf(row).join('\u0000');
      for (const [secret, seen] of this.#secrets) {
        if (!text.includes(secret)) continue;
        if (secret.length < SUBSTRING_LENGTH && !asWord(secret).test(text)) continue;
        found.push({ secret: `${secret.slice(0, 8)}…`, seen, eventType: String(row.type) });
      }
    }
    return found;
  }

  #url(url: URL, seen: string): void {
    for (const name of SECRET_PARAMS) {
      const value = url.searchParams.get(name);
      if (value) this.keep(value, `${seen} ${name}`);
    }
    // The reset link carries its token in the path (`/reset-password/{token}`).
    const reset = url.pathname.match(/\/reset-password\/([^/]+)$/)?.[1];
    if (reset) this.keep(safeDecode(reset), `${seen} path`);
  }

  /** Strings under matching keys (all strings below them, when `inside`), at any depth. */
  #fields(value: unknown, keys: RegExp, seen: string, inside: boolean): void {
    if (typeof value === 'string') {
      if (inside) this.keep(value, seen);
      // An otpauth URI holds the authenticator's secret as a parameter.
      const secret = inside && seen.endsWith('totpURI') ? value.match(/[?&]secret=([^&]+)/)?.[1] : undefined;
      if (secret) this.keep(safeDecode(secret), `${seen} secret`);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) this.#fields(item, keys, seen, inside);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) {
      // An API key's session has its id as its token (docs/protocol/api-key.md#the-key-session, K4): a name, not a secret.
      if (key === 'token' && item === record.id) continue;
      // An introspection's `key` is the ApiKey object, which never holds the secret (K12): its
      // fields are read as any answer's are, a secret field among them still caught.
      const apiKeyObject = key === 'key' && typeof item === 'object' && item !== null && !Array.isArray(item);
      const matches = !apiKeyObject && keys.test(key);
      this.#fields(item, keys, matches ? `${seen} ${key}` : seen, inside || matches);
    }
  }
}

/** Every value of an audit row as text: columns, and each leaf of the metadata JSON. */
function valuesOf(row: Record<string, unknown>): string[] {
  const values: string[] = [];
  const walk = (value: unknown): void => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object') {
      for (const item of Object.values(value)) walk(item);
      return;
    }
    values.push(String(value));
  };
  for (const [column, value] of Object.entries(row)) {
    if (column === 'metadata' && typeof value === 'string') {
      values.push(value);
      try {
        walk(JSON.parse(value));
      } catch {
        // Kept as text above.
      }
    } else walk(value);
  }
  return values;
}

const asWord = (secret: string): RegExp =>
  new RegExp(`(?<![A-Za-z0-9_])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_])`);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
