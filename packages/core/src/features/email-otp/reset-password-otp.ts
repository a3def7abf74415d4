import { z } from 'zod';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { noticeCredentialChange } from '../../notices/security-notices.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import { deleteSessionsOfUser } from '../../session/session.repository.ts';
import { setCredentialPassword } from '../../user/account.repository.ts';
import { checkNewPassword } from '../../user/password-policy.ts';
import { findUserByEmail, updateUserById } from '../../user/user.repository.ts';
import { userFromRow } from '../../user/user.ts';
import { checkEmailCode } from './email-otp-codes.ts';
import { addressField, addressOf, otpField, successJson } from './email-otp-input.ts';

/**
 * POST /email-otp/reset-password (docs/protocol/passwordless.md#25-password-reset-by-code): does
 * what the link reset does (features/password-reset/reset-password.ts): the password rules first,
 * so a refused password leaves the code usable; then, with the code spent in the same transaction,
 * the new password, the event, the sessions ended when the server revokes them on a reset, and
 * afterwards the trusted browsers forgotten and the owner told. The code proves the address, so it
 * is marked verified, and the sessions made before that proof end as for any verification.
 */
export const resetPasswordOtp = defineEndpoint({
  name: 'resetPasswordEmailOTP',
  method: 'POST',
  path: '/email-otp/reset-password',
  summary: 'Set a new password with an emailed code',
  description: 'The code works once; the password rules are checked before it is used.',
  body: z.object({ email: addressField, otp: otpField, password: z.string().max(4096) }),
  requires: 'none',
  response: successJson,
  errors: [
    'INVALID_EMAIL',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'PASSWORD_TOO_COMMON',
    'INVALID_OTP',
    'OTP_EXPIRED',
    'TOO_MANY_ATTEMPTS',
    'USER_NOT_FOUND',
  ],
  async handler({ auth, request, body }) {
    const email = addressOf(body.email);
    checkNewPassword(auth, body.password);
    // Checked, not spent: an address without an account must not use up the code.
    const check = await checkEmailCode(auth, 'forget-password', email, body.otp, { keep: true });
    if (!check.ok) throw new AuthError(check.refusal);
    const row = await findUserByEmail(auth.db, email);
    if (!row) throw new AuthError('USER_NOT_FOUND');
    const user = userFromRow(row, auth.options.additionalFields);
    const passwordHash = await auth.options.emailAndPassword.password.hash(body.password);
    const { revokeSessionsOnPasswordReset } = auth.options.emailAndPassword;
    const now = auth.options.now();
    const revoked = await auth.db.transaction().execute(async (trx) => {
      const spent = await checkEmailCode(auth, 'forget-password', email, body.otp, { db: trx });
      if (!spent.ok) throw new AuthError(spent.refusal);
      await setCredentialPassword(trx, user.id, passwordHash, now);
      if (!user.emailVerified)
        await updateUserById(trx, user.id, { emailVerified: 1, updatedAt: isoNow(now) });
      await auth.audit.recordIn(trx, request, {
        type: 'user.password_reset_completed',
        actor: { type: 'user', id: user.id },
        target: { type: 'user', id: user.id },
        metadata: { sessionsRevoked: revokeSessionsOnPasswordReset, method: 'email-otp' },
      });
      if (!revokeSessionsOnPasswordReset && user.emailVerified) return [];
      return deleteSessionsOfUser(trx, user.id);
    });
    await rememberRevoked(auth, revoked);
    // Whoever reset the password owns the account now: browsers trusted before are forgotten.
    await auth.ports.secondFactor?.forgetTrustedBrowsers(auth, user.id, request);
    await noticeCredentialChange(auth, request, user, 'password-reset');
    return { success: true };
  },
});
