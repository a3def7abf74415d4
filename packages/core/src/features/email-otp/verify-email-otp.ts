import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { resolveSession } from '../../session/resolve-session.ts';
import { hasDontRemember, setSessionCookies } from '../../session/session-cookies.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { findUserByEmail } from '../../user/user.repository.ts';
import { userFromRow, userToJson } from '../../user/user.ts';
import { checkEmailCode } from './email-otp-codes.ts';
import { addressField, addressOf, otpField } from './email-otp-input.ts';

/**
 * POST /email-otp/verify-email (docs/protocol/passwordless.md#23-post-email-otpverify-email): an
 * email-verification code marks the address verified, as the emailed link does: every other
 * session of the account ends (it predates the proof: password-reset README), and the caller's own
 * session, when it is the account's, sees the change at once. No session is created.
 */
export const verifyEmailOtp = defineEndpoint({
  name: 'verifyEmailOTP',
  method: 'POST',
  path: '/email-otp/verify-email',
  summary: 'Verify an email address with an emailed code',
  description: 'Marks the address verified. `token` is always null: no session is created.',
  body: z.object({ email: addressField, otp: otpField }),
  requires: 'none',
  readsSession: 'optional',
  response: z.object({ status: z.literal(true), token: z.null(), user: userJson }),
  errors: ['INVALID_EMAIL', 'INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS', 'USER_NOT_FOUND'],
  async handler({ auth, request, body }) {
    const email = addressOf(body.email);
    const check = await checkEmailCode(auth, 'email-verification', email, body.otp);
    if (!check.ok) throw new AuthError(check.refusal);
    const row = await findUserByEmail(auth.db, email);
    if (!row) throw new AuthError('USER_NOT_FOUND');
    const user = userFromRow(row, auth.options.additionalFields);
    if (user.emailVerified)
      return { status: true, token: null, user: userToJson(user, auth.options.additionalFields) };
    const current = await resolveSession(auth, request, { disableCookieCache: true });
    const own = current && current.user.id === user.id ? current : null;
    const verified = await updateUserRow(
      auth,
      user,
      { emailVerified: true },
      { keepSession: own?.session.token },
    );
    await auth.audit.record(request, {
      type: 'user.email_verified',
      actor: { type: 'user', id: user.id, email: user.email },
      target: { type: 'user', id: user.id },
      metadata: { method: 'email-otp' },
    });
    if (own) setSessionCookies(auth, request, own.session, verified, hasDontRemember(auth, request));
    return { status: true, token: null, user: userToJson(verified, auth.options.additionalFields) };
  },
});
