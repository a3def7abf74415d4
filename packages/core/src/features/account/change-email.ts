import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { deliverOrFail, sendMail, spendOrRefuse } from '../../email/deliver.ts';
import { emailLanguage } from '../../email/language.ts';
import { causeOf } from '../../email/mail-budget.ts';
import { emailChangeEmail } from '../../email/templates.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { noticeCredentialChange } from '../../notices/security-notices.ts';
import { reissueSessionCookies } from '../../session/session-cookies.ts';
import { emailSchema, normalizeEmail } from '../../user/email.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { findUserByEmail } from '../../user/user.repository.ts';
import type { User } from '../../user/user.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import { sendVerificationEmail, verificationLink, verificationToken } from '../../user/verification-email.ts';

/**
 * Starts an email change (docs/protocol/core.md#change-email). A verified user confirms from the current
 * address first (flow C), then verifies the new one; an unverified user verifies the new address (flow B). A
 * taken address gets the same answer as a free one, and nothing is sent.
 */
export const changeEmail = defineEndpoint({
  name: 'changeEmail',
  method: 'POST',
  path: '/change-email',
  summary: 'Start changing the email address',
  description:
    'A verified user first confirms from the current address, then verifies the new one; an unverified user ' +
    'verifies the new address. An address already taken gets the same answer as a free one, and nothing is ' +
    'sent.',
  body: z.object({ newEmail: emailSchema, callbackURL: callbackUrlSchema.optional() }),
  // Whoever holds the new address holds the account: the person must have just proved who they are.
  requires: 'recent',
  response: statusJson,
  errors: [
    'CHANGE_EMAIL_DISABLED',
    'EMAIL_IS_THE_SAME',
    'VERIFICATION_EMAIL_NOT_ENABLED',
    'FAILED_TO_SEND_EMAIL',
    'TOO_MANY_EMAILS',
    // The user deleted while the address changed.
    'USER_NOT_FOUND',
  ],
  async handler({ auth, request, body, session: { session, user } }) {
    const { enabled, updateEmailWithoutVerification } = auth.options.changeEmail;
    if (!enabled) throw new AuthError('CHANGE_EMAIL_DISABLED');
    const newEmail = normalizeEmail(body.newEmail);
    if (newEmail === normalizeEmail(user.email)) throw new AuthError('EMAIL_IS_THE_SAME');
    const immediate = !user.emailVerified && updateEmailWithoutVerification;
    if (!auth.options.mailer && !immediate) throw new AuthError('VERIFICATION_EMAIL_NOT_ENABLED');
    if (await findUserByEmail(auth.db, newEmail)) {
      // The budget a message would have spent is spent all the same: a 429 only for free addresses
      // would tell them from taken ones. The first message goes to the current address when verified.
      await spendOrRefuse(auth, user.emailVerified ? user.email : newEmail, await causeOf(request));
      return { status: true };
    }

    if (immediate) {
      const updated = await updateUserRow(auth, user, { email: newEmail, emailVerified: false });
      reissueSessionCookies(auth, request, session, updated);
      await deliverOrFail(sendVerificationEmail(auth, request, updated, body.callbackURL));
      await auth.audit.record(request, {
        type: 'user.email_changed',
        target: { type: 'user', id: user.id },
        metadata: { verified: false },
      });
      // The old address hears of it: whoever changed it may now control the new one.
      await noticeCredentialChange(auth, request, user, 'email-changed', newEmail);
      return { status: true };
    } else if (user.emailVerified) {
      await deliverOrFail(sendConfirmation(auth, request, user, newEmail, body.callbackURL));
    } else {
      const purpose = { kind: 'change-email-verification', newEmail } as const;
      await deliverOrFail(sendVerificationEmail(auth, request, user, body.callbackURL, purpose, newEmail));
    }
    await auth.audit.record(request, {
      type: 'user.email_change_requested',
      target: { type: 'user', id: user.id },
      metadata: { newEmail },
    });
    return { status: true };
  },
});

/** Asks the current address to approve the change before anything is sent to the new one. */
async function sendConfirmation(
  auth: AuthContext,
  request: RequestContext,
  user: User,
  newEmail: string,
  callbackURL: string | undefined,
) {
  const token = await verificationToken(auth, user, { kind: 'change-email-confirmation', newEmail });
  const url = verificationLink(auth, token, callbackURL, 'change-email');
  const message = emailChangeEmail({
    to: user.email,
    name: user.name,
    url,
    newEmail,
    language: emailLanguage(request),
  });
  await sendMail(auth, message, await causeOf(request));
}
