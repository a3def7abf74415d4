import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { isRecentlyAuthenticated } from '../../session/recent-authentication.ts';
import { userToJson } from '../../user/user.ts';
import { turnOn } from './enable.ts';
import { lockoutOf } from './lockout.ts';
import { takeOtp } from './otp-store.ts';
import { otpMatches } from './stored-secrets.ts';
import { findTwoFactor } from './two-factor.repository.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';
import { SECOND_FACTOR_CHECK } from './two-factor-refusals.ts';
import { verifyCodeBody } from './two-factor-schemas.ts';
import { passedAnswer, resolveSubject } from './verification-subject.ts';

/**
 * POST /two-factor/verify-otp (docs/protocol/two-factor.md#verify-otp). A signed-in user with two-factor off
 * turns it on with a verified code, but only from a session recently signed in (stricter than the fresh session of
 * docs/protocol/two-factor.md#d8-emailed-codes-turn-two-factor-on-only-from-a-fresh-session); everyone is
 * locked out after repeated failures, also without an authenticator row
 * (docs/protocol/two-factor.md#d6-lockout-without-an-authenticator).
 */
export const verifyOtp = (config: ResolvedTwoFactor) =>
  defineEndpoint({
    name: 'verifyTwoFactorOTP',
    method: 'POST',
    path: '/two-factor/verify-otp',
    summary: 'Check an emailed one-time code',
    description:
      'Finishes a sign-in, or turns two-factor on from a recent sign-in; repeated wrong codes lock the code ' +
      'out.',
    body: verifyCodeBody,
    requires: 'none',
    // The session, or during a sign-in the challenge cookie.
    readsSession: 'optional',
    response: z.object({ token: z.string(), user: userJson }),
    errors: [
      'OTP_NOT_CONFIGURED',
      'OTP_HAS_EXPIRED',
      'INVALID_CODE',
      // Turning two-factor on with an emailed code needs a recent sign-in.
      'SESSION_NOT_FRESH',
      ...SECOND_FACTOR_CHECK,
    ],
    auditRefusal: { type: 'user.two_factor_failed', metadata: { method: 'otp' } },
    async handler({ auth, request, body }) {
      const { otp } = config;
      if (!otp) throw new AuthError('OTP_NOT_CONFIGURED', { message: "otp isn't configured" });
      const subject = await resolveSubject(auth, request, 'otp');
      request.outcome.about({ type: 'user', id: subject.user.id });
      const lockout = lockoutOf(auth, config, subject.user.id, await findTwoFactor(auth.db, subject.user.id));
      if (subject.mode === 'sign-in') await lockout.check();

      const taken = await takeOtp(auth, subject.otpKey);
      if (!taken) throw new AuthError('OTP_HAS_EXPIRED');
      if (taken.failures >= otp.allowedAttempts) throw new AuthError('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
      if (!otpMatches(auth.options.secret, taken.stored, body.code)) {
        await taken.putBackFailed();
        if (subject.mode === 'sign-in') await lockout.failed();
        throw new AuthError('INVALID_CODE');
      }
      await lockout.succeeded();

      if (subject.mode === 'session' && subject.user.additional.twoFactorEnabled !== true) {
        if (!isRecentlyAuthenticated(auth, subject.session)) throw new AuthError('SESSION_NOT_FRESH');
        const turned = await turnOn(auth, request, { session: subject.session, user: subject.user });
        return { token: turned.session.token, user: userToJson(turned.user, auth.options.additionalFields) };
      }
      return passedAnswer(auth, request, config, subject, body.trustDevice, 'otp');
    },
  });
