import { z } from 'zod';
import { randomString } from '../../crypto/random.ts';
import { logFailedSend, sendMail } from '../../email/deliver.ts';
import { emailLanguage } from '../../email/language.ts';
import { passwordResetEmail } from '../../email/templates.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { emailSchema } from '../../user/email.ts';
import { findUserByEmail } from '../../user/user.repository.ts';
import { userFromRow } from '../../user/user.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import { findVerification, insertVerification } from '../../user/verification.repository.ts';
import { apiBase } from '../../user/verification-email.ts';

export const RESET_PREFIX = 'reset-password:';

/**
 * Starts a password reset. The answer is the same whether or not the address has an account, and
 * so is the work: a lookup, one verification statement and one event (anonymous, aimed at the
 * account when there is one), while the message is handed to the mailer without waiting. The time
 * taken does not tell either. Past the address's mail budget the message is dropped and the answer
 * stays the same (email/README.md).
 */
export const requestPasswordReset = defineEndpoint({
  name: 'requestPasswordReset',
  method: 'POST',
  path: '/request-password-reset',
  summary: 'Email a password reset link',
  description: 'The answer is the same, and as fast, whether or not the address has an account.',
  body: z.object({ email: emailSchema, redirectTo: callbackUrlSchema.optional() }),
  requires: 'none',
  response: z.object({ status: z.literal(true), message: z.string() }),
  errors: ['RESET_PASSWORD_DISABLED'],
  async handler({ auth, request, body }) {
    if (!auth.options.mailer) throw new AuthError('RESET_PASSWORD_DISABLED');
    const row = await findUserByEmail(auth.db, body.email);
    const token = randomString(24);
    const now = auth.options.now();
    // Recorded either way: an unknown address leaves an event only admins see (no target, and the
    // address itself is never stored), so both paths write one row.
    const requested = (target?: { type: 'user'; id: string }) =>
      auth.audit.record(request, { type: 'user.password_reset_requested', target });
    if (!row) {
      // The same work as a real request: a token and a lookup.
      await findVerification(auth.db, `${RESET_PREFIX}${token}`, now);
      await requested();
    } else {
      const user = userFromRow(row, auth.options.additionalFields);
      const expiresAt = new Date(now + auth.options.emailAndPassword.resetPasswordTokenExpiresIn * 1000);
      await insertVerification(auth.db, `${RESET_PREFIX}${token}`, user.id, expiresAt, now);
      await requested({ type: 'user', id: user.id });
      const landing = body.redirectTo ?? auth.options.emailLinks.resetPassword ?? '';
      const url = `${apiBase(auth)}/reset-password/${token}?callbackURL=${encodeURIComponent(landing)}`;
      const message = passwordResetEmail({
        to: user.email,
        name: user.name,
        url,
        language: emailLanguage(request),
      });
      // Nobody is signed in to reset a password: only the address's budget counts.
      void sendMail(auth, message, { sender: null, log: request.log }).catch(
        logFailedSend(auth, 'Could not send a password reset email', request.log),
      );
    }
    return {
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    };
  },
});
