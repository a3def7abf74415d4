import { emailLanguage } from '../../email/language.ts';
import { twoFactorCodeEmail } from '../../email/templates.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { storeOtp } from './otp-store.ts';
import { hashOtp, newOtp } from './stored-secrets.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';
import { sendOtpBody } from './two-factor-schemas.ts';
import { resolveSubject } from './verification-subject.ts';

/**
 * POST /two-factor/send-otp (docs/protocol/two-factor.md#send-otp): emails a new code to the signed-in user
 * or to the person holding a sign-in challenge. Stored hashed
 * (docs/protocol/two-factor.md#d5-codes-are-hashed-at-rest). A delivery failure is logged and not shown, as
 * in 1.7: the answer must not depend on the mail server.
 */
export const sendOtp = (config: ResolvedTwoFactor) =>
  defineEndpoint({
    name: 'sendTwoFactorOTP',
    method: 'POST',
    path: '/two-factor/send-otp',
    summary: 'Email a one-time code',
    description: 'To the signed-in user, or to the person holding a sign-in challenge.',
    body: sendOtpBody,
    requires: 'none',
    // The session, or during a sign-in the challenge cookie.
    readsSession: 'optional',
    response: statusJson,
    errors: ['OTP_NOT_CONFIGURED', ['FAILED_TO_GET_SESSION', 401], 'INVALID_TWO_FACTOR_COOKIE'],
    async handler({ auth, request }) {
      const { otp } = config;
      const mailer = auth.options.mailer;
      if (!otp || !mailer) throw new AuthError('OTP_NOT_CONFIGURED', { message: "otp isn't configured" });
      const subject = await resolveSubject(auth, request);
      const code = newOtp();
      await storeOtp(auth, subject.otpKey, hashOtp(code), otp.period);
      const message = twoFactorCodeEmail({
        to: subject.user.email,
        name: subject.user.name,
        code,
        minutes: otp.period,
        language: emailLanguage(request),
      });
      await mailer
        .send(message, request.log)
        .catch((error: unknown) =>
          auth.options.logError('Could not send a two-factor code', error, request.log),
        );
      return { status: true };
    },
  });
