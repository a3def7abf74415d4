import { changeEmailOtp, requestEmailChangeOtp } from './change-email-otp.ts';
import { checkVerificationOtp } from './check-verification-otp.ts';
import type { ResolvedEmailOtp } from './email-otp-options.ts';
import { forgetPasswordOtp, requestPasswordResetOtp } from './request-password-reset-otp.ts';
import { resetPasswordOtp } from './reset-password-otp.ts';
import { sendVerificationOtp } from './send-verification-otp.ts';
import { signInEmailOtp } from './sign-in-email-otp.ts';
import { verifyEmailOtp } from './verify-email-otp.ts';

/** Sending a code, and each thing a code does: sign in, verify the address, reset the password. */
export const emailOtpEndpoints = (config: ResolvedEmailOtp) =>
  [
    sendVerificationOtp(config),
    checkVerificationOtp,
    signInEmailOtp,
    verifyEmailOtp,
    requestPasswordResetOtp(config),
    forgetPasswordOtp(config),
    resetPasswordOtp,
    requestEmailChangeOtp,
    changeEmailOtp,
  ] as const;
