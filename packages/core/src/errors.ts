/**
 * The one error catalogue: every error the engine answers with is a code listed here, with its
 * message and its usual HTTP status. Handlers never write message strings; they throw `AuthError`.
 * The product spec's messages and the core catalogue (docs/protocol/core.md#error-catalogue) are the source
 * of the messages.
 */
export const errorCatalogue = {
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
  // sent with Retry-After so a client can tell an outage from a bug (README: Outages).
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please try again later.',
  },
  VALIDATION_ERROR: { status: 400, message: 'Invalid {where} parameters' },
  NOT_FOUND: { status: 404, message: 'Not Found' },
  // A known path asked with a method it has no route for (README: Bad input).
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
  // Admin (docs/protocol/admin.md#error-catalogue).
  BANNED_USER: { status: 403, message: 'You have been banned from this application' },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: { status: 403, message: 'You are not allowed to create users' },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: { status: 403, message: 'You are not allowed to list users' },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: {
    status: 403,
    message: 'You are not allowed to list users sessions',
  },
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: { status: 403, message: 'You are not allowed to ban users' },
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: {
    status: 403,
    message: 'You are not allowed to impersonate users',
  },
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: {
    status: 403,
    message: 'You are not allowed to revoke users sessions',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: { status: 403, message: 'You are not allowed to delete users' },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: {
    status: 403,
    message: 'You are not allowed to set users password',
  },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: {
    status: 403,
    message: 'You are not allowed to change users role',
  },
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: { status: 403, message: 'You are not allowed to get user' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: { status: 403, message: 'You are not allowed to update users' },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: {
    status: 403,
    message: 'You are not allowed to update users email',
  },
  YOU_CANNOT_BAN_YOURSELF: { status: 400, message: 'You cannot ban yourself' },
  YOU_CANNOT_REMOVE_YOURSELF: { status: 400, message: 'You cannot remove yourself' },
  YOU_CANNOT_IMPERSONATE_ADMINS: { status: 403, message: 'You cannot impersonate admins' },
  NO_DATA_TO_UPDATE: { status: 400, message: 'No data to update' },
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: {
    status: 400,
    message: 'Password cannot be updated through update-user. Use the set-user-password endpoint instead',
  },
  USER_ID_CANNOT_BE_UPDATED: { status: 400, message: 'User id cannot be updated' },
  INVALID_ROLE_TYPE: { status: 400, message: 'Invalid role type' },
  NOT_IMPERSONATING: { status: 400, message: 'You are not impersonating anyone' },
  PASSKEY_REGISTRATION_WHILE_IMPERSONATING: {
    status: 403,
    message: 'Passkeys cannot be added while impersonating a user',
  },
  ADMIN_SESSION_NOT_FOUND: { status: 500, message: 'Failed to find admin session' },
  INVALID_PERMISSION_CHECK: {
    status: 400,
    message: 'invalid permission check. no permission(s) were passed.',
  },
  FAILED_TO_SEND_EMAIL: { status: 502, message: 'The email could not be sent. Please try again later.' },

  // Organization (docs/protocol/organization.md#error-catalogue). Every error carries its code, also where
  // the peer sends none (README: deliberate differences).
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to create a new organization',
  },
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: {
    status: 403,
    message: 'You have reached the maximum number of organizations',
  },
  ORGANIZATION_ALREADY_EXISTS: { status: 400, message: 'Organization already exists' },
  ORGANIZATION_SLUG_ALREADY_TAKEN: { status: 400, message: 'Organization slug already taken' },
  ORGANIZATION_NOT_FOUND: { status: 400, message: 'Organization not found' },
  TWO_FACTOR_REQUIRED_BY_ORGANIZATION: {
    status: 403,
    message: 'This organization requires two-factor authentication: turn it on to continue',
  },
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: {
    status: 400,
    message: 'User is not a member of the organization',
  },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to update this organization',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to delete this organization',
  },
  NO_ACTIVE_ORGANIZATION: { status: 400, message: 'No active organization' },
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: {
    status: 400,
    message: 'User is already a member of this organization',
  },
  MEMBER_NOT_FOUND: { status: 400, message: 'Member not found' },
  ROLE_NOT_FOUND: { status: 400, message: 'Role not found' },
  TEAM_NOT_FOUND: { status: 400, message: 'Team not found' },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: {
    status: 400,
    message: 'You cannot leave the organization as the only owner',
  },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: {
    status: 400,
    message: 'You cannot leave the organization without an owner',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: {
    status: 401,
    message: 'You are not allowed to delete this member',
  },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to invite users to this organization',
  },
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: {
    status: 400,
    message: 'User is already invited to this organization',
  },
  INVITATION_NOT_FOUND: { status: 400, message: 'Invitation not found' },
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: {
    status: 403,
    message: 'You are not the recipient of the invitation',
  },
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: {
    status: 403,
    message: 'Email verification required before accepting or rejecting invitation',
  },
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: {
    status: 403,
    message: 'Email verification required to view or list invitations for the session email',
  },
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: {
    status: 403,
    message: 'You are not allowed to cancel this invitation',
  },
  YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS: {
    status: 403,
    message: 'You are not allowed to list invitations for this organization',
  },
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: {
    status: 400,
    message: 'Inviter is no longer a member of the organization',
  },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: {
    status: 403,
    message: 'You are not allowed to invite a user with this role',
  },
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS: {
    status: 400,
    message: 'You have reached the maximum number of teams',
  },
  UNABLE_TO_REMOVE_LAST_TEAM: { status: 400, message: 'Unable to remove last team' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: {
    status: 403,
    message: 'You are not allowed to update this member',
  },
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: { status: 403, message: 'Organization membership limit reached' },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to create teams in this organization',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to delete teams in this organization',
  },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM: {
    status: 403,
    message: 'You are not allowed to update this team',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM: {
    status: 403,
    message: 'You are not allowed to delete this team',
  },
  INVITATION_LIMIT_REACHED: { status: 403, message: 'Invitation limit reached' },
  TEAM_MEMBER_LIMIT_REACHED: { status: 403, message: 'Team member limit reached' },
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: { status: 400, message: 'User is not a member of the team' },
  YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM: { status: 400, message: 'You do not have an active team' },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER: {
    status: 403,
    message: 'You are not allowed to create a new member',
  },
  YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER: {
    status: 403,
    message: 'You are not allowed to remove a team member',
  },
  YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to access this organization as an owner',
  },
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not a member of this organization',
  },
  YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE: {
    status: 400,
    message: 'You must be in an organization to create a role',
  },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE: { status: 403, message: 'You are not allowed to create a role' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE: { status: 403, message: 'You are not allowed to update a role' },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE: { status: 403, message: 'You are not allowed to delete a role' },
  YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE: { status: 403, message: 'You are not allowed to read a role' },
  YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE: { status: 403, message: 'You are not allowed to list a role' },
  TOO_MANY_ROLES: { status: 400, message: 'This organization has too many roles' },
  INVALID_RESOURCE: { status: 400, message: 'The provided permission includes an invalid resource' },
  ROLE_NAME_IS_ALREADY_TAKEN: { status: 400, message: 'That role name is already taken' },
  CANNOT_DELETE_A_PRE_DEFINED_ROLE: { status: 400, message: 'Cannot delete a pre-defined role' },
  ROLE_IS_ASSIGNED_TO_MEMBERS: {
    status: 400,
    message:
      'Cannot delete a role that is assigned to members. Please reassign the members to a different role first',
  },
  INVALID_TEAM_ID: { status: 400, message: 'Team id contains a reserved character' },
  ORGANIZATION_DELETION_DISABLED: { status: 404, message: 'Organization deletion is disabled' },
  ORGANIZATION_ID_REQUIRED: { status: 400, message: 'Organization ID is required' },
  NOT_AUTHENTICATED: { status: 401, message: 'Not authenticated' },
  EMAIL_NOT_ALLOWED_FROM_CLIENT: {
    status: 400,
    message: 'User email cannot be passed for client side API calls.',
  },
  MISSING_SESSION_OR_EMAIL: { status: 400, message: 'Missing session headers, or email query parameter.' },
  INVALID_ROLE_PERMISSIONS: { status: 500, message: 'Invalid permissions for role {role}' },
  // Social sign-in and accounts (docs/protocol/social.md#error-catalogue).
  OAUTH_LINK_ERROR: { status: 401, message: '{reason}' },
  CALLBACK_URL_REQUIRED: { status: 400, message: 'callbackURL is required' },
  LINKING_NOT_ALLOWED: { status: 401, message: 'Account not linked - linking not allowed' },
  LINKING_DIFFERENT_EMAILS_NOT_ALLOWED: {
    status: 401,
    message: 'Account not linked - different emails not allowed',
  },
  LINKING_FAILED: { status: 417, message: 'Account not linked - unable to create account' },
  PROVIDER_NOT_SUPPORTED: { status: 400, message: 'Provider {providerId} is not supported.' },
  TOKEN_REFRESH_NOT_SUPPORTED: {
    status: 400,
    message: 'Provider {providerId} does not support token refreshing.',
  },
  REFRESH_TOKEN_NOT_FOUND: { status: 400, message: 'Refresh token not found' },
  FAILED_TO_REFRESH_ACCESS_TOKEN: { status: 400, message: 'Failed to refresh access token' },
  FAILED_TO_GET_ACCESS_TOKEN: { status: 400, message: 'Failed to get a valid access token' },
  PROVIDER_NOT_CONFIGURED: {
    status: 400,
    message: 'Account is not associated with a configured social provider.',
  },
  ACCESS_TOKEN_NOT_FOUND: { status: 400, message: 'Access token not found' },
  // Two-factor (docs/protocol/two-factor.md#error-catalogue).
  OTP_NOT_ENABLED: { status: 400, message: 'OTP not enabled' },
  OTP_NOT_CONFIGURED: { status: 400, message: 'OTP is not available' },
  OTP_HAS_EXPIRED: { status: 400, message: 'OTP has expired' },
  TOTP_NOT_ENABLED: { status: 400, message: 'TOTP not enabled' },
  TOTP_ALREADY_ENABLED: { status: 400, message: 'TOTP is already enabled' },
  TOTP_NOT_CONFIGURED: { status: 400, message: 'TOTP is not available' },
  TWO_FACTOR_NOT_ENABLED: { status: 400, message: "Two factor isn't enabled" },
  BACKUP_CODES_NOT_ENABLED: { status: 400, message: "Backup codes aren't enabled" },
  INVALID_BACKUP_CODE: { status: 401, message: 'Invalid backup code' },
  INVALID_CODE: { status: 401, message: 'Invalid code' },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    status: 400,
    message: 'Too many attempts. Please request a new code.',
  },
  ACCOUNT_TEMPORARILY_LOCKED: {
    status: 429,
    message:
      'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
  },
  INVALID_TWO_FACTOR_COOKIE: { status: 401, message: 'Invalid two factor cookie' },
  FAILED_TO_INVALIDATE_TWO_FACTOR_CHALLENGE: {
    status: 500,
    message: 'Failed to invalidate two-factor challenge',
  },
  // 1.7 answers this race without a code; Gatehouse names it (features/two-factor/README.md).
  BACKUP_CODE_CONFLICT: { status: 409, message: 'Failed to verify backup code. Please try again.' },
  // Passkeys (docs/protocol/passkey.md#error-catalogue). PASSKEY_NOT_FOUND is 401 on verify-authentication.
  CHALLENGE_NOT_FOUND: { status: 400, message: 'Challenge not found' },
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: {
    status: 401,
    message: 'You are not allowed to register this passkey',
  },
  FAILED_TO_VERIFY_REGISTRATION: { status: 400, message: 'Failed to verify registration' },
  PASSKEY_NOT_FOUND: { status: 404, message: 'Passkey not found' },
  AUTHENTICATION_FAILED: { status: 400, message: 'Authentication failed' },
  UNABLE_TO_CREATE_SESSION: { status: 500, message: 'Unable to create session' },
  FAILED_TO_UPDATE_PASSKEY: { status: 500, message: 'Failed to update passkey' },
  // 1.7 answers these two without a code; Gatehouse names them (features/passkey/README.md).
  PASSKEY_ORIGIN_MISSING: { status: 400, message: 'origin missing' },
  MISSING_REQUIRED_PARAMETER: { status: 400, message: 'Missing required parameter: {field}' },
  // Gatehouse's own step-up route, /passkey/reauthenticate (features/passkey/README.md).
  PASSKEY_OF_ANOTHER_USER: { status: 401, message: 'This passkey belongs to another account' },
  USER_VERIFICATION_REQUIRED: {
    status: 401,
    message: 'This passkey did not verify you: use one that asks for your PIN, fingerprint or face',
  },
  // Gatehouse's security activity routes (features/audit/README.md); Better Auth has none.
  YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG: {
    status: 403,
    message: 'You are not allowed to read the audit log',
  },
} as const satisfies Record<string, { status: number; message: string }>;

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
