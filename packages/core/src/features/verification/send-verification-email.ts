import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { deliverOrFail, overBudget } from '../../email/deliver.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { emailSchema } from '../../user/email.ts';
import { findUserByEmail } from '../../user/user.repository.ts';
import { userFromRow } from '../../user/user.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import { sendVerificationEmail } from '../../user/verification-email.ts';

/** Without a session the answer never comes sooner than this, whether or not a message was sent. */
const ANONYMOUS_FLOOR_MS = 500;

export const sendVerificationEmailEndpoint = defineEndpoint({
  name: 'sendVerificationEmail',
  method: 'POST',
  path: '/send-verification-email',
  summary: 'Send (again) the link that verifies an email address',
  description:
    "Signed in, the address must be the session user's own. Otherwise the answer is the same, and never " +
    'sooner than a fixed delay, whether or not the address has an unverified account (and whether or not ' +
    "the address's mail budget let the message go).",
  body: z.object({ email: emailSchema, callbackURL: callbackUrlSchema.optional() }),
  requires: 'optional',
  response: statusJson,
  errors: [
    'VERIFICATION_EMAIL_NOT_ENABLED',
    'EMAIL_MISMATCH',
    'EMAIL_ALREADY_VERIFIED',
    'FAILED_TO_SEND_EMAIL',
    'TOO_MANY_EMAILS',
  ],
  async handler({ auth, request, body, session: current }) {
    if (!auth.options.mailer) throw new AuthError('VERIFICATION_EMAIL_NOT_ENABLED');
    if (current) {
      const user = current.user;
      if (user.email.toLowerCase() !== body.email.toLowerCase()) throw new AuthError('EMAIL_MISMATCH');
      if (user.emailVerified) throw new AuthError('EMAIL_ALREADY_VERIFIED');
      await deliverOrFail(sendVerificationEmail(auth, request, user, body.callbackURL));
      await auth.audit.record(request, {
        type: 'user.email_verification_sent',
        target: { type: 'user', id: user.id },
      });
      return { status: true };
    }

    // Anonymous: the same answer, no sooner than the floor, whether the address is known or not.
    const started = performance.now();
    const row = await findUserByEmail(auth.db, body.email);
    const user = row ? userFromRow(row, auth.options.additionalFields) : null;
    let failure: unknown;
    if (user && !user.emailVerified) {
      let sent = false;
      // A spent budget is not told: it would say that the address has an unverified account.
      await sendVerificationEmail(auth, request, user, body.callbackURL).then(
        () => {
          sent = true;
        },
        (error) => {
          if (!overBudget(error)) failure = error;
        },
      );
      if (sent) {
        await auth.audit.record(request, {
          type: 'user.email_verification_sent',
          target: { type: 'user', id: user.id },
        });
      }
    }
    const elapsed = performance.now() - started;
    if (elapsed < ANONYMOUS_FLOOR_MS) await sleep(ANONYMOUS_FLOOR_MS - elapsed);
    if (failure) {
      auth.options.logError('Could not send a verification email', failure, request.log);
      throw new AuthError('FAILED_TO_SEND_EMAIL', { cause: failure });
    }
    return { status: true };
  },
});
