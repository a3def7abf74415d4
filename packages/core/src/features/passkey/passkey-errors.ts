/**
 * The passkey feature's error codes, part of the one catalogue (`errors.ts`).
 * Passkeys (docs/protocol/passkey.md#error-catalogue). PASSKEY_NOT_FOUND is 401 on verify-authentication.
 */
export const passkeyErrors = {
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
  // Gatehouse: an impersonating admin cannot leave a credential behind (features/passkey/README.md).
  PASSKEY_REGISTRATION_WHILE_IMPERSONATING: {
    status: 403,
    message: 'Passkeys cannot be added while impersonating a user',
  },
} as const satisfies Record<string, { status: number; message: string }>;
