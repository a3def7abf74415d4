/**
 * The two-factor feature's error codes, part of the one catalogue (`errors.ts`).
 * Two-factor (docs/protocol/two-factor.md#error-catalogue).
 */
export const twoFactorErrors = {
  OTP_NOT_ENABLED: { status: 400, message: 'OTP not enabled' },
  OTP_NOT_CONFIGURED: { status: 400, message: 'OTP is not available' },
  OTP_HAS_EXPIRED: { status: 400, message: 'OTP has expired' },
  TOTP_NOT_ENABLED: { status: 400, message: 'TOTP not enabled' },
  TOTP_ALREADY_ENABLED: { status: 400, message: 'TOTP is already enabled' },
  TOTP_NOT_CONFIGURED: { status: 400, message: 'TOTP is not available' },
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
} as const satisfies Record<string, { status: number; message: string }>;
