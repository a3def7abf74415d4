import { type PasswordHasher, scryptPasswordHasher } from './crypto/password.ts';
import type { AuthDatabase } from './db/schema.ts';
import type { Mailer } from './email/mailer.ts';
import type { AdminOptions, ResolvedAdmin } from './features/admin/admin-options.ts';
import type { ApiKeyOptions, ResolvedApiKey } from './features/api-key/api-key-options.ts';
import type { AuditOptions, ResolvedAudit } from './features/audit/audit-options.ts';
import type { EmailOtpOptions, ResolvedEmailOtp } from './features/email-otp/email-otp-options.ts';
import type { JwtOptions, ResolvedJwt } from './features/jwt/jwt-config.ts';
import type { MagicLinkOptions, ResolvedMagicLink } from './features/magic-link/magic-link-options.ts';
import type {
  MultiSessionOptions,
  ResolvedMultiSession,
} from './features/multi-session/multi-session-options.ts';
import type {
  OrganizationOptions,
  ResolvedOrganization,
} from './features/organization/organization-config.ts';
import type { PasskeyOptions, ResolvedPasskey } from './features/passkey/passkey-options.ts';
import type { SocialProvidersOptions } from './features/social/providers/provider-options.ts';
import type { AccountOptions, ResolvedAccountOptions } from './features/social/social-options.ts';
import type { ResolvedTwoFactor, TwoFactorOptions } from './features/two-factor/two-factor-options.ts';
import type { ResolvedUsername, UsernameOptions } from './features/username/username-options.ts';
import type { ResolvedWebhooks, WebhookOptions } from './features/webhooks/webhooks-options.ts';
import { cookieDomainCovers } from './http/cookie-domain.ts';
import { trustsEverySite } from './http/trusted-origins.ts';
import type { LogContext } from './log-context.ts';
import type { IpLocator } from './session/ip-location.ts';
import type { SecondaryStorage } from './storage/secondary-storage.ts';
import type { AdditionalFields } from './user/additional-fields.ts';
import type { SignUpPolicy } from './user/sign-up-policy.ts';

/** Everything `createAuth` accepts. Durations are in seconds. */
export interface AuthOptions {
  /** Signs cookies and tokens. At least 32 characters of randomness in production. */
  secret: string;
  /** The public origin of the server, e.g. `https://accounts.example.com`. */
  baseURL: string;
  /** Where the engine is mounted; default `/api/auth`. */
  basePath?: string;
  /** The product's name, shown in authenticator apps; default `Gatehouse`. */
  appName?: string;
  database: AuthDatabase;
  /**
   * Origins allowed besides the base URL's: exact origins, or `*` wildcards (`https://*.example.com`);
   * one that would trust every site (`*`, `https://*`) is refused.
   */
  trustedOrigins?: string[];
  /**
   * CORS answers for the trusted origins, so apps on other origins can call the engine from the
   * browser with credentials; default off (docs/protocol/core.md#routing: the host's job). `maxAge`: seconds
   * a browser may keep a preflight answer; default 600.
   */
  cors?: { enabled?: boolean; maxAge?: number };
  /**
   * `Authorization: Bearer <session token>` accepted wherever the session cookie is, and the
   * `set-auth-token` header on answers that set it (Better Auth's bearer plugin); default off.
   * Unsigned tokens are accepted too, as the plugin does, unless `requireSignature` is set.
   */
  bearer?: { enabled?: boolean; requireSignature?: boolean };
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
    /** Refuse the 10,000 most common passwords as new passwords (400 PASSWORD_TOO_COMMON); default false. */
    rejectCommonPasswords?: boolean;
    /** Sign the user in after sign-up; default true. */
    autoSignIn?: boolean;
    /** Refuse sign-in (403 EMAIL_NOT_VERIFIED) until the email is verified; default false. */
    requireEmailVerification?: boolean;
    /** Default 3600. */
    resetPasswordTokenExpiresIn?: number;
    /** End every session of the user when their password is reset; default false. */
    revokeSessionsOnPasswordReset?: boolean;
    /** How passwords are hashed and checked; default scrypt in Better Auth's stored format. */
    password?: PasswordHasher;
    /**
     * Failed password sign-ins counted per email address, from any client and whether or not the
     * address has an account: after `maxFailedAttempts` in a row (each within `duration` seconds of
     * the last), the address is refused for `duration` seconds, right password included (429
     * TOO_MANY_SIGN_IN_ATTEMPTS, features/email-password/README.md). Default on, 10, 900 s.
     */
    signInLockout?: { enabled?: boolean; maxFailedAttempts?: number; duration?: number };
  };
  /**
   * Who may create an account on their own (password or social sign-up of a new user): `open`
   * (default), `invite-only` (addresses with a pending, unexpired organization invitation) or
   * `closed`. Accounts an admin creates are never refused.
   */
  signUp?: SignUpPolicy;
  /** Sends verification, reset, email-change and deletion messages. Without one, those flows are off. */
  mailer?: Mailer;
  /**
   * How many messages one address may receive, and one account may cause, per window (seconds),
   * counted where the rate limiter counts (`rateLimit.storage`). Past it a message is not sent: the
   * request answers 429 TOO_MANY_EMAILS, or, where the answer must not tell whether the address has
   * an account and for notices, says nothing (email/README.md). Default on: 10 per address and 50
   * per account per hour.
   */
  mailBudget?: {
    enabled?: boolean;
    perRecipient?: { window: number; max: number };
    perSender?: { window: number; max: number };
  };
  /** Approximate locations of session addresses (`GET /session-locations`); none without one. */
  locateIp?: IpLocator;
  /**
   * Security notices by email (needs a mailer; default off): a sign-in from a browser and address
   * not seen for the account before, and password and email changes (docs/email.md#sign-in-alerts).
   * `activityURL` is the Security activity page the message links to; default
   * `{baseURL}/account/activity` (the web app's page).
   */
  signInAlerts?: { enabled?: boolean; activityURL?: string };
  /**
   * Where emailed links land when the client named no `callbackURL` (verification, email change)
   * or `redirectTo` (reset): an app that hosts its own pages sets its URLs here. Each must be
   * trusted (a same-origin path, or a URL on a trusted origin). Unset: the engine's defaults
   * (`/` after verification; the reset link without a landing page answers INVALID_TOKEN).
   */
  emailLinks?: { verifyEmail?: string; resetPassword?: string; changeEmail?: string };
  emailVerification?: {
    /** Default: the value of `requireEmailVerification`. */
    sendOnSignUp?: boolean;
    /** Resend on a sign-in refused for an unverified email; default false. */
    sendOnSignIn?: boolean;
    /** Create a session when the verification link is opened; default false. */
    autoSignInAfterVerification?: boolean;
    /** Lifetime of verification links; default 3600. */
    expiresIn?: number;
  };
  user?: {
    additionalFields?: AdditionalFields;
    /** Changing the email address; default off. */
    changeEmail?: { enabled?: boolean; updateEmailWithoutVerification?: boolean };
    /** Deleting one's own account; default off. */
    deleteUser?: {
      enabled?: boolean;
      /** Confirm by an emailed link instead of the password; default false. */
      sendVerificationEmail?: boolean;
      /** Default 86400. */
      deleteTokenExpiresIn?: number;
    };
  };
  rateLimit?: {
    /** Default true. */
    enabled?: boolean;
    /** Default window 10 s and 100 requests per client IP and path. */
    window?: number;
    max?: number;
    /** Where counters live; default `memory` (`secondary-storage` when `storage` is given). */
    storage?: 'memory' | 'database' | 'secondary-storage';
    /** Per-path rules (`/path` or `/prefix/*`); `false` exempts a path. */
    customRules?: Record<string, { window: number; max: number } | false>;
  };
  advanced?: {
    /** Cookie names are `{prefix}.session_token` etc.; default `better-auth`. */
    cookiePrefix?: string;
    /** Default: secure cookies when the base URL is https. */
    useSecureCookies?: boolean;
    /** Request headers that carry the client IP, set by a trusted proxy; default none. */
    ipAddressHeaders?: string[];
    /**
     * `Domain=` on every auth cookie, so sibling subdomains share the session; `domain` defaults
     * to the base URL's host and must be that host or a parent of it.
     */
    crossSubDomainCookies?: { enabled?: boolean; domain?: string };
  };
  /** The admin feature: roles, bans, impersonation (docs/protocol/admin.md#routes). Default off. */
  admin?: AdminOptions;
  /**
   * The JWT feature: GET /token, GET /jwks and the `set-auth-jwt` header (docs/protocol/jwt.md). Default off.
   */
  jwt?: JwtOptions;
  /**
   * Organizations with members, invitations, teams and roles (docs/protocol/organization.md#routes). Default
   * off.
   */
  organization?: OrganizationOptions;
  /**
   * Social sign-in providers (docs/protocol/social.md#providers,
   * docs/protocol/social.md#generic-openid-connect); only the ones given are enabled.
   */
  socialProviders?: SocialProvidersOptions;
  /** Provider accounts: token encryption at rest and the linking rules (docs/protocol/social.md#options). */
  account?: AccountOptions;
  /**
   * Second factors: authenticator apps, emailed codes, backup codes (docs/protocol/two-factor.md). Default
   * off.
   */
  twoFactor?: TwoFactorOptions;
  /** Passkeys: WebAuthn sign-in and credential management (docs/protocol/passkey.md). Default off. */
  passkey?: PasskeyOptions | false;
  /**
   * API keys: personal and organization keys, the `x-api-key` session, per-key limits
   * (docs/protocol/api-key.md, features/api-key/README.md). Default off.
   */
  apiKey?: ApiKeyOptions | false;
  /**
   * Webhooks: security events delivered to registered HTTPS endpoints, signed per Standard Webhooks
   * (docs/protocol/webhooks.md, features/webhooks/README.md). Default off.
   */
  webhooks?: WebhookOptions | false;
  /**
   * Sign-in by emailed link, with a code beside it (docs/protocol/passwordless.md#1-magic-link).
   * Default off; needs a mailer.
   */
  magicLink?: MagicLinkOptions | false;
  /**
   * Emailed six-digit codes to sign in, verify the address, reset the password
   * (docs/protocol/passwordless.md#2-email-codes-emailotp). Default off; needs a mailer.
   */
  emailOtp?: EmailOtpOptions | false;
  /** Usernames: chosen at sign-up or later, and sign-in by username (docs/protocol/passwordless.md#3-usernames). Default off. */
  username?: UsernameOptions | false;
  /**
   * Several people signed in in one browser, and switching between them
   * (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession). Default off.
   */
  multiSession?: MultiSessionOptions | false;
  /** Security activity: how long events are kept (docs/security-activity.md#retention). */
  audit?: AuditOptions;
  /** Secondary storage for revocations (memory by default; Redis in multi-instance setups). */
  storage?: SecondaryStorage;
  /** The clock, in epoch milliseconds; tests replace it. */
  now?: () => number;
  /** Where browser flows that fail before they know their own error URL land (an OAuth callback with a bad state). */
  onAPIError?: { errorURL?: string };
  /**
   * Where unexpected errors are reported; default console.error. Never receives secrets. The
   * context names the request the error arose in, when there was one.
   */
  logError?: (message: string, error: unknown, context?: LogContext) => void;
  /** Told when sessions begin and end and when a security event could not be stored, for the host's metrics. */
  events?: AuthEvents;
}

/** Counts a host may keep (the product's `/metrics`); called after the change is stored, must not throw. */
export interface AuthEvents {
  /** A session was created (sign-up, sign-in, a second factor, impersonation, rotation). */
  sessionCreated?: () => void;
  /** Sessions were revoked before their time (sign-out, revocation, reset, ban, deletion, rotation). */
  sessionsRevoked?: (count: number) => void;
  /** A security event could not be stored (`auth.audit.failures` counts them too); it was logged. */
  auditWriteFailed?: () => void;
  /**
   * A webhook delivery attempt was recorded (docs/protocol/webhooks.md#7-delivery-retries-ordering):
   * `succeeded` (a 2xx), `retried` (failed, another attempt is scheduled) or `failed` (failed, the
   * last one, or its endpoint was turned off meanwhile).
   */
  webhookAttempted?: (outcome: WebhookAttemptOutcome) => void;
}

export type WebhookAttemptOutcome = 'succeeded' | 'retried' | 'failed';

export interface ResolvedOptions {
  secret: string;
  baseURL: string;
  origin: string;
  basePath: string;
  appName: string;
  trustedOrigins: string[];
  /** Undefined when CORS is off. */
  cors: { maxAge: number } | undefined;
  /** Undefined when bearer tokens are off. */
  bearer: { requireSignature: boolean } | undefined;
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
    rejectCommonPasswords: boolean;
    autoSignIn: boolean;
    requireEmailVerification: boolean;
    resetPasswordTokenExpiresIn: number;
    revokeSessionsOnPasswordReset: boolean;
    password: PasswordHasher;
    /** Undefined when off; `duration` in seconds. */
    signInLockout: { maxFailedAttempts: number; duration: number } | undefined;
  };
  signUp: SignUpPolicy;
  mailer: Mailer | undefined;
  /** Undefined when off; windows in seconds. */
  mailBudget:
    | { perRecipient: { window: number; max: number }; perSender: { window: number; max: number } }
    | undefined;
  locateIp: IpLocator | undefined;
  signInAlerts: { enabled: boolean; activityURL: string };
  emailLinks: { verifyEmail?: string; resetPassword?: string; changeEmail?: string };
  emailVerification: {
    sendOnSignUp: boolean;
    sendOnSignIn: boolean;
    autoSignInAfterVerification: boolean;
    expiresIn: number;
  };
  changeEmail: { enabled: boolean; updateEmailWithoutVerification: boolean };
  deleteUser: { enabled: boolean; sendVerificationEmail: boolean; deleteTokenExpiresIn: number };
  rateLimit: {
    enabled: boolean;
    window: number;
    max: number;
    storage: 'memory' | 'database' | 'secondary-storage';
    customRules: Record<string, { window: number; max: number } | false>;
  };
  additionalFields: AdditionalFields;
  admin: ResolvedAdmin | undefined;
  jwt: ResolvedJwt | undefined;
  organization: ResolvedOrganization | undefined;
  socialProviders: SocialProvidersOptions;
  account: ResolvedAccountOptions;
  twoFactor: ResolvedTwoFactor | undefined;
  passkey: ResolvedPasskey | undefined;
  apiKey: ResolvedApiKey | undefined;
  webhooks: ResolvedWebhooks | undefined;
  magicLink: ResolvedMagicLink | undefined;
  emailOtp: ResolvedEmailOtp | undefined;
  username: ResolvedUsername | undefined;
  multiSession: ResolvedMultiSession | undefined;
  audit: ResolvedAudit;
  cookiePrefix: string;
  secureCookies: boolean;
  /** The `Domain=` of every auth cookie; undefined: host-only cookies. */
  cookieDomain: string | undefined;
  ipAddressHeaders: string[];
  now: () => number;
  /** Default `{baseURL}{basePath}/error`. */
  errorURL: string;
  logError: (message: string, error: unknown, context?: LogContext) => void;
  events: AuthEvents;
}

const DAY = 86_400;

/** The settings features resolve for themselves, each in its `module.ts` (`settings`). */
export type FeatureSettingKey =
  | 'admin'
  | 'jwt'
  | 'organization'
  | 'socialProviders'
  | 'account'
  | 'twoFactor'
  | 'passkey'
  | 'apiKey'
  | 'webhooks'
  | 'magicLink'
  | 'emailOtp'
  | 'username'
  | 'multiSession'
  | 'audit';

export type FeatureSettings = Pick<ResolvedOptions, FeatureSettingKey>;

/** What the core resolves; `createAuth` adds the features' settings and the user fields they declare. */
export type CoreOptions = Omit<ResolvedOptions, FeatureSettingKey | 'additionalFields'>;

/** Applies the core's defaults and rejects core options that cannot work, once, at start-up. */
export function resolveCoreOptions(options: AuthOptions): CoreOptions {
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
  const verification = options.emailVerification ?? {};
  const requireEmailVerification = email.requireEmailVerification ?? false;
  const basePath = (options.basePath ?? '/api/auth').replace(/\/+$/, '');
  for (const entry of options.trustedOrigins ?? []) {
    if (trustsEverySite(entry))
      throw new Error(
        `trustedOrigins: '${entry}' would trust every site; list the origins, or use a subdomain wildcard such as https://*.example.com`,
      );
  }
  return {
    secret: options.secret,
    baseURL: base.origin,
    origin: base.origin,
    basePath,
    appName: options.appName ?? 'Gatehouse',
    trustedOrigins: [base.origin, ...(options.trustedOrigins ?? [])],
    cors: options.cors?.enabled ? { maxAge: options.cors.maxAge ?? 600 } : undefined,
    bearer: options.bearer?.enabled
      ? { requireSignature: options.bearer.requireSignature ?? false }
      : undefined,
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
      rejectCommonPasswords: email.rejectCommonPasswords ?? false,
      autoSignIn: email.autoSignIn ?? true,
      requireEmailVerification,
      resetPasswordTokenExpiresIn: email.resetPasswordTokenExpiresIn ?? 3600,
      revokeSessionsOnPasswordReset: email.revokeSessionsOnPasswordReset ?? false,
      password: email.password ?? scryptPasswordHasher,
      signInLockout: resolveSignInLockout(email.signInLockout),
    },
    signUp: options.signUp ?? 'open',
    mailer: options.mailer,
    mailBudget: resolveMailBudget(options.mailBudget),
    locateIp: options.locateIp,
    signInAlerts: {
      enabled: options.signInAlerts?.enabled ?? false,
      activityURL: options.signInAlerts?.activityURL ?? `${base.origin}/account/activity`,
    },
    emailLinks: { ...options.emailLinks },
    emailVerification: {
      sendOnSignUp: verification.sendOnSignUp ?? requireEmailVerification,
      sendOnSignIn: verification.sendOnSignIn ?? false,
      autoSignInAfterVerification: verification.autoSignInAfterVerification ?? false,
      expiresIn: verification.expiresIn ?? 3600,
    },
    changeEmail: {
      enabled: options.user?.changeEmail?.enabled ?? false,
      updateEmailWithoutVerification: options.user?.changeEmail?.updateEmailWithoutVerification ?? false,
    },
    deleteUser: {
      enabled: options.user?.deleteUser?.enabled ?? false,
      sendVerificationEmail: options.user?.deleteUser?.sendVerificationEmail ?? false,
      deleteTokenExpiresIn: options.user?.deleteUser?.deleteTokenExpiresIn ?? DAY,
    },
    rateLimit: {
      enabled: options.rateLimit?.enabled ?? true,
      window: options.rateLimit?.window ?? 10,
      max: options.rateLimit?.max ?? 100,
      storage: options.rateLimit?.storage ?? (options.storage ? 'secondary-storage' : 'memory'),
      customRules: options.rateLimit?.customRules ?? {},
    },
    cookiePrefix: options.advanced?.cookiePrefix ?? 'better-auth',
    secureCookies: options.advanced?.useSecureCookies ?? base.protocol === 'https:',
    cookieDomain: resolveCookieDomain(options.advanced?.crossSubDomainCookies, base.hostname),
    ipAddressHeaders: (options.advanced?.ipAddressHeaders ?? []).map((h) => h.toLowerCase()),
    now: options.now ?? Date.now,
    errorURL: options.onAPIError?.errorURL ?? `${base.origin}${basePath}/error`,
    logError: options.logError ?? ((message, error) => console.error(message, error)),
    events: options.events ?? {},
  };
}

const HOUR = 3600;

/** A limit must count at least one thing over at least a second, or it could never let anything through. */
function positiveLimit(name: string, limit: { window: number; max: number }) {
  if (!(Number.isInteger(limit.max) && limit.max >= 1 && Number.isFinite(limit.window) && limit.window >= 1))
    throw new Error(`${name} needs a whole max of at least 1 and a window of at least 1 s`);
  return { window: limit.window, max: limit.max };
}

function resolveMailBudget(budget: AuthOptions['mailBudget']): ResolvedOptions['mailBudget'] {
  if (budget?.enabled === false) return undefined;
  return {
    perRecipient: positiveLimit('mailBudget.perRecipient', budget?.perRecipient ?? { window: HOUR, max: 10 }),
    perSender: positiveLimit('mailBudget.perSender', budget?.perSender ?? { window: HOUR, max: 50 }),
  };
}

type SignInLockoutOption = NonNullable<AuthOptions['emailAndPassword']>['signInLockout'];

function resolveSignInLockout(
  lockout: SignInLockoutOption,
): ResolvedOptions['emailAndPassword']['signInLockout'] {
  if (lockout?.enabled === false) return undefined;
  const { window, max } = positiveLimit('emailAndPassword.signInLockout', {
    window: lockout?.duration ?? 900,
    max: lockout?.maxFailedAttempts ?? 10,
  });
  return { maxFailedAttempts: max, duration: window };
}

/** The cookie domain, checked to reach the base URL's host (`cookie-domain.ts`); leading dot dropped. */
function resolveCookieDomain(
  setting: { enabled?: boolean; domain?: string } | undefined,
  host: string,
): string | undefined {
  if (!setting?.enabled) return undefined;
  const domain = (setting.domain ?? host).replace(/^\./, '').toLowerCase();
  if (!cookieDomainCovers(domain, host)) {
    throw new Error(`crossSubDomainCookies.domain ${domain} must be ${host} or a parent domain of it`);
  }
  return domain;
}
