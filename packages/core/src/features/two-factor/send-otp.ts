import { logFailedSend, sendMail, spendOrRefuse } from '../../email/deliver.ts';
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
 * in 1.7: the answer must not depend on the mail server. A spent mail budget is shown (429
 * TOO_MANY_EMAILS): the caller is the account's owner, or holds its password (email/README.md).
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
    errors: [
      'OTP_NOT_CONFIGURED',
      ['FAILED_TO_GET_SESSION', 401],
      'INVALID_TWO_FACTOR_COOKIE',
      'TOO_MANY_EMAILS',
    ],
    async handler({ auth, request }) {
      const { otp } = config;
      if (!otp || !auth.options.mailer)
        throw new AuthError('OTP_NOT_CONFIGURED', { message: "otp isn't configured" });
      const subject = await resolveSubject(auth, request);
      // The budget first: a refused code must not replace the one already sent.
      const cause = { sender: subject.user.id, log: request.log };
      const postage = await spendOrRefuse(auth, subject.user.email, cause);
      const code = newOtp();
      await storeOtp(auth, subject.otpKey, hashOtp(code), otp.period);
      const message = twoFactorCodeEmail({
        to: subject.user.email,
        name: subject.user.name,
        code,
        minutes: otp.period,
        language: emailLanguage(request),
      });
      await sendMail(auth, message, postage).catch(
        logFailedSend(auth, 'Could not send a two-factor code', request.log),
      );
      return { status: true };
    },
  });
