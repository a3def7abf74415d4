import { GatehouseError } from '@gatehouse/client';

/**
 * Server error codes in words a person understands; one place, so every screen says the same.
 * Codes without an entry fall back to the server's own message.
 */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'That email and password do not match an account.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this email already exists. Sign in instead, or use another email.',
  EMAIL_NOT_VERIFIED: 'Please verify your email first: open the link we sent you, or ask for a new one.',
  // The minimum is the server's setting (PASSWORD_MIN_LENGTH), so no number is written here.
  PASSWORD_TOO_SHORT: 'The password is too short: use a longer one.',
  PASSWORD_TOO_COMMON: 'This password is one of the most common ones: choose one that is harder to guess.',
  PASSWORD_TOO_LONG: 'The password is too long: use at most 128 characters.',
  INVALID_PASSWORD: 'That password is not right.',
  INVALID_TOKEN: 'This link is invalid or has already been used.',
  TOKEN_EXPIRED: 'This link has expired. Ask for a new one.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  SESSION_EXPIRED: 'For your security, please sign in again before doing this.',
  USER_ALREADY_HAS_PASSWORD: 'Enter your password to delete your account.',
  FAILED_TO_SEND_EMAIL: 'We could not send the email. Please try again later.',
  NETWORK_ERROR: 'The server could not be reached. Check your connection and try again.',
  EMAIL_IS_THE_SAME: 'That is already your email address.',
  SESSION_NOT_FOUND: 'That session has already ended.',
  SESSION_NOT_FRESH: 'For your security, please sign in again before doing this.',
  UNAUTHORIZED: 'You have been signed out. Please sign in again.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'This account has no password.',
  EMAIL_ALREADY_VERIFIED: 'Your email address is already verified.',
  CHANGE_EMAIL_DISABLED: 'Changing your email address is turned off on this server.',
  VERIFICATION_EMAIL_NOT_ENABLED: 'This server cannot send email, so this is not available.',
  NO_FIELDS_TO_UPDATE: 'There is nothing to save.',
  INVALID_EMAIL: 'Enter a valid email address, like name@example.com.',
  USER_NOT_FOUND: 'The account this link was for no longer exists.',
  INVALID_USER: 'This link belongs to another account. Sign out and open it again.',
  RESET_PASSWORD_DISABLED: 'Resetting a password by email is turned off on this server.',
  EMAIL_PASSWORD_SIGN_UP_DISABLED: 'New accounts cannot be created on this server.',
  SIGN_UP_INVITE_ONLY: 'This server is invitation only: ask an organization to invite this address.',
  // Admin (docs/protocol/admin.md#error-catalogue). BANNED_USER has no entry on purpose: at sign-in the
  // server's own message is the one its operator configured.
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: 'Your role does not allow creating users.',
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: 'Your role does not allow seeing the list of users.',
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: 'Your role does not allow seeing this user.',
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: 'Your role does not allow changing users.',
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: 'Your role does not allow changing roles.',
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: 'Your role does not allow changing email addresses.',
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: 'Your role does not allow setting passwords.',
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: 'Your role does not allow banning or unbanning users.',
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: 'Your role does not allow impersonating users.',
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: 'Your role does not allow deleting users.',
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: 'Your role does not allow seeing users’ sessions.',
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: 'Your role does not allow signing users out.',
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: 'That role does not exist on this server.',
  YOU_CANNOT_BAN_YOURSELF: 'You cannot ban your own account.',
  YOU_CANNOT_REMOVE_YOURSELF: 'You cannot delete your own account here; use Delete account in your account.',
  YOU_CANNOT_IMPERSONATE_ADMINS: 'Admins cannot be impersonated.',
  NO_DATA_TO_UPDATE: 'There is nothing to save.',
  INVALID_ROLE_TYPE: 'That role is not valid.',
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: 'Use “Set password” to change a user’s password.',
  USER_ID_CANNOT_BE_UPDATED: 'A user’s id cannot be changed.',
  FAILED_TO_CREATE_USER: 'The user could not be created. Please try again.',
  NOT_IMPERSONATING: 'You are not impersonating anyone.',
  ADMIN_SESSION_NOT_FOUND: 'Your own admin session has ended. Sign out, then sign in again as yourself.',
  // Social sign-in and connected accounts (docs/protocol/social.md#error-catalogue).
  PROVIDER_NOT_FOUND: 'Signing in with this provider is not available on this server.',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'That account is already connected to another Gatehouse account.',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'This is your only way to sign in, so it cannot be removed.',
  ACCOUNT_NOT_FOUND: 'That connected account no longer exists. Reload the page.',
  LINKING_NOT_ALLOWED: 'This account could not be connected: its email is not verified at the provider.',
  LINKING_DIFFERENT_EMAILS_NOT_ALLOWED:
    'This account could not be connected: it uses a different email address.',
  LINKING_FAILED: 'The account could not be connected. Please try again.',
  INVALID_CALLBACK_URL: 'The sign-in could not start: this page’s address is not trusted by the server.',
};

/** Which form field an error belongs to, when it belongs to one. */
const FIELDS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'password',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_COMMON: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_PASSWORD: 'password',
  EMAIL_IS_THE_SAME: 'newEmail',
  INVALID_EMAIL: 'email',
};

export function errorMessage(error: unknown): string {
  if (error instanceof GatehouseError) return MESSAGES[error.code] ?? error.message;
  return 'Something went wrong. Please try again.';
}

export function errorField(error: unknown): string | undefined {
  return error instanceof GatehouseError ? FIELDS[error.code] : undefined;
}
