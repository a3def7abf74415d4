import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { sendCode } from './email-otp-codes.ts';
import { addressField, addressOf, otpTypeField, successJson } from './email-otp-input.ts';
import type { ResolvedEmailOtp } from './email-otp-options.ts';

/**
 * POST /email-otp/send-verification-otp (docs/protocol/passwordless.md#21-post-email-otpsend-verification-otp):
 * `{ success: true }` for every address; who gets a code is `sendCode`'s rule. A reset code is
 * recorded as the link reset's request is, aimed at the account when there is one.
 */
export const sendVerificationOtp = (config: ResolvedEmailOtp) =>
  defineEndpoint({
    name: 'sendVerificationOTP',
    method: 'POST',
    path: '/email-otp/send-verification-otp',
    summary: 'Email a one-time code to sign in, verify the address or reset the password',
    description:
      'The same answer, as fast, for every address: sign-in codes go to any address that may sign in or up, ' +
      'the others only to an account. `change-email` is refused.',
    body: z.object({ email: addressField, type: otpTypeField }),
    requires: 'none',
    response: successJson,
    errors: ['INVALID_EMAIL', 'INVALID_OTP_TYPE', 'TOO_MANY_EMAILS'],
    async handler({ auth, request, body }) {
      const email = addressOf(body.email);
      if (body.type === 'change-email') throw new AuthError('INVALID_OTP_TYPE');
      const { userId } = await sendCode(auth, request, config, body.type, email);
      if (body.type === 'forget-password')
        await auth.audit.record(request, {
          type: 'user.password_reset_requested',
          target: userId ? { type: 'user', id: userId } : undefined,
          metadata: { method: 'email-otp' },
        });
      return { success: true };
    },
  });
