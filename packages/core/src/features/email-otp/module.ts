import { defineFeature } from '../feature-module.ts';
import { emailOtpEndpoints } from './email-otp-endpoints.ts';
import { emailOtpErrors } from './email-otp-errors.ts';
import { resolveEmailOtp } from './email-otp-options.ts';

export const emailOtpModule = defineFeature({
  name: 'email-otp',
  api: {
    name: 'Email codes',
    description: 'Six-digit codes sent by email: to sign in, to verify the address, to reset the password.',
  },
  errors: emailOtpErrors,
  settings: (options, core) => ({ emailOtp: resolveEmailOtp(options.emailOtp, core) }),
  // The routes that send mail, and those that check a code the caller types.
  rateLimits: [
    { path: '/email-otp/send-verification-otp', limit: 'email' },
    { path: '/email-otp/request-password-reset', limit: 'email' },
    { path: '/forget-password/email-otp', limit: 'email' },
    { path: '/sign-in/email-otp', limit: 'sign-in' },
    { path: '/email-otp/verify-email', limit: 'sign-in' },
    { path: '/email-otp/check-verification-otp', limit: 'sign-in' },
    { path: '/email-otp/reset-password', limit: 'sign-in' },
  ],
  config: (options) => options.emailOtp,
  endpoints: (config) => emailOtpEndpoints(config),
});
