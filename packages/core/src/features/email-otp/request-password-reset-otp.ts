import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { sendCode } from './email-otp-codes.ts';
import { addressField, addressOf, successJson } from './email-otp-input.ts';
import type { ResolvedEmailOtp } from './email-otp-options.ts';

/**
 * POST /email-otp/request-password-reset, and Better Auth's older name for it,
 * POST /forget-password/email-otp (docs/protocol/passwordless.md#25-password-reset-by-code): a
 * reset code to an account only, the same answer in the same time for every address.
 */
const requestResetCode = <const Name extends string>(
  config: ResolvedEmailOtp,
  name: Name,
  path: string,
  summary: string,
) =>
  defineEndpoint({
    name,
    method: 'POST',
    path,
    summary,
    description:
      'The same answer, as fast, whether or not the address has an account; only an account is mailed.',
    body: z.object({ email: addressField }),
    requires: 'none',
    response: successJson,
    errors: ['INVALID_EMAIL'],
    async handler({ auth, request, body }) {
      const email = addressOf(body.email);
      const { userId } = await sendCode(auth, request, config, 'forget-password', email);
      await auth.audit.record(request, {
        type: 'user.password_reset_requested',
        target: userId ? { type: 'user', id: userId } : undefined,
        metadata: { method: 'email-otp' },
      });
      return { success: true };
    },
  });

export const requestPasswordResetOtp = (config: ResolvedEmailOtp) =>
  requestResetCode(
    config,
    'requestPasswordResetEmailOTP',
    '/email-otp/request-password-reset',
    'Email a code that resets the password',
  );

export const forgetPasswordOtp = (config: ResolvedEmailOtp) =>
  requestResetCode(
    config,
    'forgetPasswordEmailOTP',
    '/forget-password/email-otp',
    'Email a code that resets the password (older name)',
  );
