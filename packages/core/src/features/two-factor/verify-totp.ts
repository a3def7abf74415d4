import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { userToJson } from '../../user/user.ts';
import {
  deleteVerification,
  findVerification,
  insertVerification,
} from '../../user/verification.repository.ts';
import { turnOn } from './enable.ts';
import { lockoutOf } from './lockout.ts';
import { openTotpKey } from './stored-secrets.ts';
import { matchTotp, TOTP_PERIOD_SECONDS } from './totp.ts';
import { findTwoFactor, markTwoFactorVerified } from './two-factor.repository.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';
import { SECOND_FACTOR_CHECK } from './two-factor-refusals.ts';
import { verifyCodeBody } from './two-factor-schemas.ts';
import { beginAttempt, passedAnswer, resolveSubject } from './verification-subject.ts';

/**
 * POST /two-factor/verify-totp (docs/protocol/two-factor.md#verify-totp): confirms an enrolment (session
 * mode) or finishes a sign-in (challenge mode). Each time step is accepted once per user
 * (docs/protocol/two-factor.md#d1-each-totp-step-works-once).
 */
export const verifyTotp = (config: ResolvedTwoFactor) =>
  defineEndpoint({
    name: 'verifyTOTP',
    method: 'POST',
    path: '/two-factor/verify-totp',
    summary: 'Check an authenticator code',
    description:
      'Signed in, it confirms an enrolment; holding a sign-in challenge, it finishes the sign-in ' +
      '(`trustDevice` remembers the browser). Each time step is accepted once.',
    body: verifyCodeBody,
    requires: 'none',
    // The session, or during a sign-in the challenge cookie.
    readsSession: 'optional',
    response: z.object({ token: z.string(), user: userJson }),
    errors: ['TOTP_NOT_ENABLED', 'INVALID_CODE', ...SECOND_FACTOR_CHECK],
    auditRefusal: { type: 'user.two_factor_failed', metadata: { method: 'totp' } },
    async handler({ auth, request, body }) {
      const subject = await resolveSubject(auth, request, 'totp');
      request.outcome.about({ type: 'user', id: subject.user.id });
      const row = await findTwoFactor(auth.db, subject.user.id);
      if (!row || (subject.mode === 'sign-in' && !row.verified)) throw new AuthError('TOTP_NOT_ENABLED');
      const lockout = lockoutOf(auth, config, subject.user.id, row);
      if (subject.mode === 'sign-in') await lockout.check();
      const attempt = await beginAttempt(auth, request, subject);

      const key = openTotpKey(auth.options.secret, row.secret);
      if (!key) {
        await attempt.restore();
        throw new AuthError('INTERNAL_SERVER_ERROR', { cause: new Error('TOTP secret does not decrypt') });
      }
      const now = auth.options.now();
      const step = matchTotp(key, body.code, now, await lastAcceptedStep(auth, subject.user.id));
      if (step === null) {
        await attempt.failed();
        if (subject.mode === 'sign-in') await lockout.failed();
        throw new AuthError('INVALID_CODE');
      }
      await rememberStep(auth, subject.user.id, step);
      await lockout.succeeded();

      if (!row.verified) await markTwoFactorVerified(auth.db, row.id);
      if (subject.mode === 'session' && subject.user.additional.twoFactorEnabled !== true) {
        const turned = await turnOn(auth, request, { session: subject.session, user: subject.user });
        return {
          token: turned.session.token,
          user: userToJson(turned.user, auth.options.additionalFields),
        };
      }
      return passedAnswer(auth, request, config, subject, body.trustDevice, 'totp');
    },
  });

const stepId = (userId: string) => `2fa-totp-step-${userId}`;

async function lastAcceptedStep(auth: AuthContext, userId: string): Promise<number> {
  const found = await findVerification(auth.db, stepId(userId), auth.options.now());
  const step = found ? Number(found.value) : Number.NaN;
  return Number.isInteger(step) ? step : Number.NEGATIVE_INFINITY;
}

/** Kept until the step can no longer be presented (it leaves the ±1 window after two periods). */
async function rememberStep(auth: AuthContext, userId: string, step: number): Promise<void> {
  const now = auth.options.now();
  await deleteVerification(auth.db, stepId(userId));
  const expiresAt = new Date((step + 2) * TOTP_PERIOD_SECONDS * 1000);
  await insertVerification(auth.db, stepId(userId), String(step), expiresAt, now);
}
