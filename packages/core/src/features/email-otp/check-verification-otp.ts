import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findUserByEmail } from '../../user/user.repository.ts';
import { checkEmailCode } from './email-otp-codes.ts';
import { addressField, addressOf, otpField, otpTypeField, successJson } from './email-otp-input.ts';

/**
 * POST /email-otp/check-verification-otp (docs/protocol/passwordless.md#24-post-email-otpcheck-verification-otp):
 * whether a code is right, without spending it; a wrong one counts as a try. `USER_NOT_FOUND` needs
 * a right code, so it tells nothing to someone without the mailbox.
 */
export const checkVerificationOtp = defineEndpoint({
  name: 'checkVerificationOTP',
  method: 'POST',
  path: '/email-otp/check-verification-otp',
  summary: 'Check an emailed code without using it',
  description: 'A wrong code counts as one of its three tries; a right one stays usable.',
  body: z.object({ email: addressField, type: otpTypeField, otp: otpField }),
  requires: 'none',
  response: successJson,
  errors: ['INVALID_EMAIL', 'INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS', 'USER_NOT_FOUND'],
  async handler({ auth, body }) {
    const email = addressOf(body.email);
    // No change-email code is ever sent here, so such a check finds nothing.
    if (body.type === 'change-email') throw new AuthError('INVALID_OTP');
    const check = await checkEmailCode(auth, body.type, email, body.otp, { keep: true });
    if (!check.ok) throw new AuthError(check.refusal);
    if (!(await findUserByEmail(auth.db, email))) throw new AuthError('USER_NOT_FOUND');
    return { success: true };
  },
});
