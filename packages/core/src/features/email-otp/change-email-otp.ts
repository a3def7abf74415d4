import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { addressField, otpField, successJson } from './email-otp-input.ts';

// Changing the address by code: off in Better Auth unless `changeEmail.enabled`, and not decided
// for Gatehouse, which changes addresses by link (`/change-email`). Both routes answer so, as the
// reference does when off (docs/protocol/passwordless.md#25-password-reset-by-code, last paragraph).

const disabled = {
  requires: 'none',
  response: successJson,
  errors: ['CHANGE_EMAIL_OTP_DISABLED'],
  async handler(): Promise<never> {
    throw new AuthError('CHANGE_EMAIL_OTP_DISABLED');
  },
} as const;

export const requestEmailChangeOtp = defineEndpoint({
  ...disabled,
  name: 'requestEmailChangeEmailOTP',
  method: 'POST',
  path: '/email-otp/request-email-change',
  summary: 'Email a code to change the address (not offered)',
  description:
    'Always `400 CHANGE_EMAIL_OTP_DISABLED`: the address is changed by link, with `/change-email`.',
  body: z.object({ newEmail: addressField, otp: otpField.optional() }),
});

export const changeEmailOtp = defineEndpoint({
  ...disabled,
  name: 'changeEmailEmailOTP',
  method: 'POST',
  path: '/email-otp/change-email',
  summary: 'Change the address with a code (not offered)',
  description:
    'Always `400 CHANGE_EMAIL_OTP_DISABLED`: the address is changed by link, with `/change-email`.',
  body: z.object({ newEmail: addressField, otp: otpField }),
});
