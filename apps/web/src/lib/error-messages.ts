import { GatehouseError } from '@gatehouse/client';

/**
 * Server error codes in words a person understands; one place, so every screen says the same.
 * Codes without an entry fall back to the server's own message.
 */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'That email and password do not match an account.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this email already exists. Sign in instead, or use another email.',
  EMAIL_NOT_VERIFIED: 'Please verify your email first. We have sent you a new link.',
  PASSWORD_TOO_SHORT: 'The password is too short: use at least 8 characters.',
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
};

/** Which form field an error belongs to, when it belongs to one. */
const FIELDS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'password',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_PASSWORD: 'password',
  EMAIL_IS_THE_SAME: 'newEmail',
};

export function errorMessage(error: unknown): string {
  if (error instanceof GatehouseError) return MESSAGES[error.code] ?? error.message;
  return 'Something went wrong. Please try again.';
}

export function errorField(error: unknown): string | undefined {
  return error instanceof GatehouseError ? FIELDS[error.code] : undefined;
}
