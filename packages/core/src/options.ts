import type { AuthDatabase } from './db/schema.ts';
import type { SecondaryStorage } from './storage/secondary-storage.ts';
import type { AdditionalFields } from './user/additional-fields.ts';

/** Everything `createAuth` accepts. Durations are in seconds. */
export interface AuthOptions {
  /** Signs cookies and tokens. At least 32 characters of randomness in production. */
  secret: string;
  /** The public origin of the server, e.g. `https://accounts.example.com`. */
  baseURL: string;
  /** Where the engine is mounted; default `/api/auth`. */
  basePath?: string;
  database: AuthDatabase;
  /** Origins allowed besides the base URL's: exact origins, or `*` wildcards (`https://*.example.com`). */
  trustedOrigins?: string[];
  session?: {
    /** Default 604800 (7 days). */
    expiresIn?: number;
    /** Minimum age before a read extends the session; default 86400. 0 extends on every read. */
    updateAge?: number;
    /** A session is fresh while its last update or creation is within this age; default 86400; 0 disables. */
    freshAge?: number;
    disableSessionRefresh?: boolean;
    /** A signed copy of the session in a cookie, so reads skip the database; default on, 300 s. */
    cookieCache?: { enabled?: boolean; maxAge?: number };
  };
  emailAndPassword?: {
    enabled?: boolean;
    disableSignUp?: boolean;
    /** Default 8. */
    minPasswordLength?: number;
    /** Default 128. */
    maxPasswordLength?: number;
    /** Sign the user in after sign-up; default true. */
    autoSignIn?: boolean;
  };
  user?: { additionalFields?: AdditionalFields };
  advanced?: {
    /** Cookie names are `{prefix}.session_token` etc.; default `better-auth`. */
    cookiePrefix?: string;
    /** Default: secure cookies when the base URL is https. */
    useSecureCookies?: boolean;
    /** Request headers that carry the client IP, set by a trusted proxy; default none. */
    ipAddressHeaders?: string[];
  };
  /** Secondary storage for revocations (memory by default; Redis in multi-instance setups). */
  storage?: SecondaryStorage;
  /** The clock, in epoch milliseconds; tests replace it. */
  now?: () => number;
  /** Where unexpected errors are reported; default console.error. Never receives secrets. */
  logError?: (message: string, error: unknown) => void;
}

export interface ResolvedOptions {
  secret: string;
  baseURL: string;
  origin: string;
  basePath: string;
  trustedOrigins: string[];
  session: {
    expiresIn: number;
    updateAge: number;
    freshAge: number;
    disableSessionRefresh: boolean;
    cookieCache: { enabled: boolean; maxAge: number };
  };
  emailAndPassword: {
    enabled: boolean;
    disableSignUp: boolean;
    minPasswordLength: number;
    maxPasswordLength: number;
    autoSignIn: boolean;
  };
  additionalFields: AdditionalFields;
  cookiePrefix: string;
  secureCookies: boolean;
  ipAddressHeaders: string[];
  now: () => number;
  logError: (message: string, error: unknown) => void;
}

const DAY = 86_400;

/** Applies defaults and rejects options that cannot work, once, at start-up. */
export function resolveOptions(options: AuthOptions): ResolvedOptions {
  let base: URL;
  try {
    base = new URL(options.baseURL);
  } catch {
    throw new Error(`Invalid base URL: ${options.baseURL}. Please provide a valid base URL.`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`Invalid base URL: ${options.baseURL}. URL must include 'http://' or 'https://'`);
  }
  if (!options.secret) throw new Error('A secret is required');
  const session = options.session ?? {};
  const expiresIn = session.expiresIn ?? 7 * DAY;
  if (expiresIn > 400 * DAY) throw new Error('session.expiresIn must not exceed 400 days (the cookie limit)');
  const cacheMaxAge = session.cookieCache?.maxAge ?? 300;
  if (cacheMaxAge > 400 * DAY)
    throw new Error('session.cookieCache.maxAge must not exceed 400 days (the cookie limit)');
  const email = options.emailAndPassword ?? {};
  return {
    secret: options.secret,
    baseURL: base.origin,
    origin: base.origin,
    basePath: (options.basePath ?? '/api/auth').replace(/\/+$/, ''),
    trustedOrigins: [base.origin, ...(options.trustedOrigins ?? [])],
    session: {
      expiresIn,
      updateAge: session.updateAge ?? DAY,
      freshAge: session.freshAge ?? DAY,
      disableSessionRefresh: session.disableSessionRefresh ?? false,
      cookieCache: {
        enabled: session.cookieCache?.enabled ?? true,
        maxAge: session.cookieCache?.maxAge ?? 300,
      },
    },
    emailAndPassword: {
      enabled: email.enabled ?? true,
      disableSignUp: email.disableSignUp ?? false,
      minPasswordLength: email.minPasswordLength ?? 8,
      maxPasswordLength: email.maxPasswordLength ?? 128,
      autoSignIn: email.autoSignIn ?? true,
    },
    additionalFields: options.user?.additionalFields ?? {},
    cookiePrefix: options.advanced?.cookiePrefix ?? 'better-auth',
    secureCookies: options.advanced?.useSecureCookies ?? base.protocol === 'https:',
    ipAddressHeaders: (options.advanced?.ipAddressHeaders ?? []).map((h) => h.toLowerCase()),
    now: options.now ?? Date.now,
    logError: options.logError ?? ((message, error) => console.error(message, error)),
  };
}
