/**
 * The email-otp feature's own codes, part of the one catalogue (`errors.ts`); the code checks'
 * refusals (`INVALID_OTP`, `OTP_EXPIRED`, `TOO_MANY_ATTEMPTS`) are the core's, as the magic-link
 * feature answers them too. Better Auth answers `change-email` with a bare 400 of this message
 * (docs/protocol/passwordless.md#21-post-email-otpsend-verification-otp).
 */
export const emailOtpErrors = {
  INVALID_OTP_TYPE: { status: 400, message: 'Invalid OTP type' },
  // Better Auth's words when its change-email routes are off, as Gatehouse's always are.
  CHANGE_EMAIL_OTP_DISABLED: { status: 400, message: 'Change email with OTP is disabled' },
} as const satisfies Record<string, { status: number; message: string }>;
