/**
 * The social feature's error codes, part of the one catalogue (`errors.ts`).
 * Social sign-in and accounts (docs/protocol/social.md#error-catalogue).
 */
export const socialErrors = {
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
} as const satisfies Record<string, { status: number; message: string }>;
