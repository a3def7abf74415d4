import { adminErrors } from './features/admin/admin-errors.ts';
import { apiKeyErrors } from './features/api-key/api-key-errors.ts';
import { auditErrors } from './features/audit/audit-errors.ts';
import { emailOtpErrors } from './features/email-otp/email-otp-errors.ts';
import { importErrors } from './features/import/import-errors.ts';
import { multiSessionErrors } from './features/multi-session/multi-session-errors.ts';
import { organizationErrors } from './features/organization/organization-errors.ts';
import { passkeyErrors } from './features/passkey/passkey-errors.ts';
import { socialErrors } from './features/social/social-errors.ts';
import { twoFactorErrors } from './features/two-factor/two-factor-errors.ts';
import { usernameErrors } from './features/username/username-errors.ts';
import { webhookErrors } from './features/webhooks/webhooks-errors.ts';

/**
 * The one error catalogue: every error the engine answers with is a code listed here, with its
 * message and its usual HTTP status. Handlers never write message strings; they throw `AuthError`.
 * The product spec's messages and the core catalogue (docs/protocol/core.md#error-catalogue) are the source
 * of the messages.
 */
const coreErrors = {
  // The product spec's authentication messages (docs/protocol/core.md#error-catalogue).
  USER_NOT_FOUND: { status: 400, message: 'User not found' },
  FAILED_TO_CREATE_USER: { status: 422, message: 'Failed to create user' },
  FAILED_TO_CREATE_SESSION: { status: 400, message: 'Failed to create session' },
  FAILED_TO_UPDATE_USER: { status: 400, message: 'Failed to update user' },
  FAILED_TO_GET_SESSION: { status: 500, message: 'Failed to get session' },
  INVALID_PASSWORD: { status: 400, message: 'Invalid password' },
  INVALID_EMAIL: { status: 400, message: 'Invalid email' },
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: 'Invalid email or password' },
  SOCIAL_ACCOUNT_ALREADY_LINKED: { status: 409, message: 'Social account already linked' },
  PROVIDER_NOT_FOUND: { status: 404, message: 'Provider not found' },
  INVALID_TOKEN: { status: 400, message: 'Invalid token' },
  ID_TOKEN_NOT_SUPPORTED: { status: 404, message: 'id_token not supported' },
  FAILED_TO_GET_USER_INFO: { status: 401, message: 'Failed to get user info' },
  USER_EMAIL_NOT_FOUND: { status: 401, message: 'User email not found' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Email not verified' },
  PASSWORD_TOO_SHORT: { status: 400, message: 'Password too short' },
  PASSWORD_TOO_LONG: { status: 400, message: 'Password too long' },
  // Gatehouse's own (option emailAndPassword.rejectCommonPasswords): Better Auth 1.7 has no such list.
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'Password is too common: choose one that is harder to guess',
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 422, message: 'User already exists. Use another email.' },
  EMAIL_CAN_NOT_BE_UPDATED: { status: 400, message: 'Email can not be updated' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 400, message: 'Credential account not found' },
  SESSION_EXPIRED: { status: 400, message: 'Session expired. Re-authenticate to perform this action.' },
  FAILED_TO_UNLINK_LAST_ACCOUNT: { status: 400, message: "You can't unlink your last account" },
  ACCOUNT_NOT_FOUND: { status: 400, message: 'Account not found' },
  USER_ALREADY_HAS_PASSWORD: {
    status: 400,
    message: 'User already has a password. Provide that to delete the account.',
  },

  // The product spec's status answers (docs/protocol/core.md#error-catalogue).
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  SESSION_NOT_FOUND: { status: 400, message: 'Session not found' },
  MISSING_FIELD: { status: 400, message: '{field} is required' },
  SESSION_NOT_FRESH: { status: 403, message: 'Session is not fresh' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Internal Server Error' },
  // Gatehouse: the database (or another service the request needs) cannot be reached right now;
  // sent with Retry-After so a client can tell an outage from a bug (docs/operations.md#outages).
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please try again later.',
  },
  VALIDATION_ERROR: { status: 400, message: 'Invalid {where} parameters' },
  NOT_FOUND: { status: 404, message: 'Not Found' },
  // A known path asked with a method it has no route for (docs/api.md#bad-input).
  // Requests the HTTP server refuses before the engine sees them (apps/server client-errors.ts).
  REQUEST_HEADER_FIELDS_TOO_LARGE: { status: 431, message: 'Request header fields too large' },
  MALFORMED_REQUEST: { status: 400, message: 'Malformed HTTP request' },
  TOKEN_EXPIRED: { status: 401, message: 'Token expired' },
  INVALID_BASE_URL: { status: 500, message: 'Invalid base URL' },

  // The rest of the core catalogue (docs/protocol/core.md#error-catalogue).
  EMAIL_PASSWORD_DISABLED: { status: 400, message: 'Email and password is not enabled' },
  EMAIL_PASSWORD_SIGN_UP_DISABLED: { status: 400, message: 'Email and password sign up is not enabled' },
  // Gatehouse's own: the invite-only sign-up policy (options `signUp`), which Better Auth lacks.
  SIGN_UP_INVITE_ONLY: {
    status: 403,
    message: 'Sign-up is by invitation only: ask an organization to invite this address',
  },
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: {
    status: 403,
    message: 'Cross-site navigation login blocked. This request appears to be a CSRF attack.',
  },
  INVALID_ORIGIN: { status: 403, message: 'Invalid origin' },
  MISSING_OR_NULL_ORIGIN: { status: 403, message: 'Missing or null Origin' },
  INVALID_CALLBACK_URL: { status: 403, message: 'Invalid callbackURL' },
  INVALID_REDIRECT_URL: { status: 403, message: 'Invalid redirectURL' },
  INVALID_ERROR_CALLBACK_URL: { status: 403, message: 'Invalid errorCallbackURL' },
  INVALID_NEW_USER_CALLBACK_URL: { status: 403, message: 'Invalid newUserCallbackURL' },
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: {
    status: 405,
    message: 'POST method requires deferSessionRefresh to be enabled in session config',
  },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Content-Type {problem}. Allowed types: {allowed}' },
  BAD_REQUEST: { status: 400, message: 'Invalid JSON in request body' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  // Gatehouse's own, sent with Retry-After; Better Auth limits neither (email/README.md,
  // features/email-password/README.md).
  TOO_MANY_EMAILS: { status: 429, message: 'Too many emails have been sent. Please try again later.' },
  TOO_MANY_SIGN_IN_ATTEMPTS: {
    status: 429,
    message: 'Too many failed sign-in attempts for this email. Please try again later.',
  },

  // Account lifecycle (docs/protocol/core.md#email-verification to docs/protocol/core.md#delete-user).
  INVALID_USER: { status: 401, message: 'Invalid user' },
  VERIFICATION_EMAIL_NOT_ENABLED: { status: 400, message: "Verification email isn't enabled" },
  EMAIL_ALREADY_VERIFIED: { status: 400, message: 'Email is already verified' },
  EMAIL_MISMATCH: { status: 400, message: 'Email mismatch' },
  RESET_PASSWORD_DISABLED: { status: 400, message: "Reset password isn't enabled" },
  CHANGE_EMAIL_DISABLED: { status: 400, message: 'Change email is disabled' },
  EMAIL_IS_THE_SAME: { status: 400, message: 'Email is the same' },
  NO_FIELDS_TO_UPDATE: { status: 400, message: 'No fields to update' },
  // Gatehouse's own avatar upload (features/avatar/README.md); Better Auth stores only a URL.
  AVATAR_EMPTY: { status: 400, message: 'No image was sent' },
  AVATAR_NOT_AN_IMAGE: { status: 400, message: 'The file is not a {type} image' },
  AVATAR_TOO_LARGE: { status: 400, message: 'The image is larger than {max}×{max} pixels' },
  AVATAR_NOT_FOUND: { status: 404, message: 'No avatar for this user' },
  FAILED_TO_SEND_EMAIL: { status: 502, message: 'The email could not be sent. Please try again later.' },
  // Shared by several features: the ban check of every sign-in (docs/protocol/admin.md#error-catalogue),
  // an empty update (admin, organization), and an organization's two-factor policy
  // (docs/protocol/two-factor.md#error-catalogue).
  BANNED_USER: { status: 403, message: 'You have been banned from this application' },
  NO_DATA_TO_UPDATE: { status: 400, message: 'No data to update' },
  TWO_FACTOR_NOT_ENABLED: { status: 400, message: "Two factor isn't enabled" },

  // Emailed codes, answered by the magic-link and email-otp features alike, with Better Auth's
  // words (docs/protocol/passwordless.md#2-email-codes-emailotp).
  INVALID_OTP: { status: 400, message: 'Invalid OTP' },
  // Gatehouse's own: a proven address without an account while the sign-up policy is `closed`
  // (Better Auth answers INVALID_OTP, which sends the person looking for a typo).
  SIGN_UP_CLOSED: { status: 403, message: 'Sign-up is closed: only existing accounts can sign in' },
  OTP_EXPIRED: { status: 400, message: 'OTP expired' },
  TOO_MANY_ATTEMPTS: { status: 403, message: 'Too many attempts' },
} as const satisfies Record<string, { status: number; message: string }>;

/** Every code: the core's and each feature's (`features/<feature>/<feature>-errors.ts`). */
export const errorCatalogue = {
  ...coreErrors,
  ...adminErrors,
  ...importErrors,
  ...organizationErrors,
  ...socialErrors,
  ...twoFactorErrors,
  ...passkeyErrors,
  ...auditErrors,
  ...apiKeyErrors,
  ...webhookErrors,
  ...emailOtpErrors,
  ...usernameErrors,
  ...multiSessionErrors,
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

/** Values substituted into `{name}` placeholders of a catalogue message. */
export type ErrorParams = Record<string, string>;

/**
 * The one way for engine code to fail on purpose. The router turns it into
 * `{ code, message }` JSON with the catalogue's status, or the status given here when the
 * protocol answers the same code with another status on a particular route.
 */
export class AuthError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra JSON fields sent with the error (e.g. validation `issues`). */
  readonly details: Record<string, unknown> | undefined;
  /** Response headers the refusal carries (e.g. `Retry-After`). */
  readonly headers: [string, string][];

  constructor(
    code: ErrorCode,
    options: {
      status?: number;
      params?: ErrorParams;
      message?: string;
      details?: Record<string, unknown>;
      headers?: [string, string][];
      cause?: unknown;
    } = {},
  ) {
    const entry = errorCatalogue[code];
    super(options.message ?? fillParams(entry.message, options.params), { cause: options.cause });
    this.name = 'AuthError';
    this.code = code;
    this.status = options.status ?? entry.status;
    this.details = options.details;
    this.headers = options.headers ?? [];
  }
}

function fillParams(message: string, params: ErrorParams | undefined): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
