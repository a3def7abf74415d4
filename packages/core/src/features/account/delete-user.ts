import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { generateLowerToken } from '../../crypto/random.ts';
import { deliverOrFail, sendMail, spendOrRefuse } from '../../email/deliver.ts';
import { emailLanguage } from '../../email/language.ts';
import { causeOf } from '../../email/mail-budget.ts';
import { accountDeletionEmail } from '../../email/templates.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { isRecentlyAuthenticated } from '../../session/recent-authentication.ts';
import { findCredentialPassword } from '../../user/account.repository.ts';
import { credentialPasswordMatches } from '../../user/credential-password.ts';
import { deleteUserAndSignOut } from '../../user/delete-user.ts';
import { checkPasswordMaxLength } from '../../user/password-policy.ts';
import type { User } from '../../user/user.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import {
  consumeVerification,
  findVerification,
  insertVerification,
} from '../../user/verification.repository.ts';
import { apiBase } from '../../user/verification-email.ts';

export const DELETE_PREFIX = 'delete-account-';

const DELETED = { success: true, message: 'User deleted' } as const;
const EMAIL_SENT = { success: true, message: 'Verification email sent' } as const;

/**
 * Deletes the caller's account. The order (spec decision, docs/protocol/core.md#delete-user) never deletes a
 * password account without its password or an emailed confirmation:
 * password → check it; token → consume it; emailed confirmation configured → send it;
 * credential account → the password is required; otherwise a recent sign-in is enough (README: a refreshed
 * session is fresh, not recent).
 */
export const deleteUser = defineEndpoint({
  name: 'deleteUser',
  method: 'POST',
  path: '/delete-user',
  summary: "Delete the caller's account",
  description:
    'Never without proof: the password when given or when the account has one, the token of an emailed ' +
    'confirmation link (when the server sends one), else a recent sign-in. Every session ends with the ' +
    'account.',
  body: z.object({
    callbackURL: callbackUrlSchema.optional(),
    password: z.string().max(4096).optional(),
    token: z.string().max(256).optional(),
  }),
  requires: 'sensitive',
  response: z.object({
    success: z.literal(true),
    message: z.enum([DELETED.message, EMAIL_SENT.message]),
  }),
  errors: [
    // Deletion is off.
    'NOT_FOUND',
    'PASSWORD_TOO_LONG',
    'CREDENTIAL_ACCOUNT_NOT_FOUND',
    'INVALID_PASSWORD',
    ['INVALID_TOKEN', 404],
    'USER_ALREADY_HAS_PASSWORD',
    'SESSION_EXPIRED',
    'FAILED_TO_SEND_EMAIL',
    'TOO_MANY_EMAILS',
  ],
  auditRefusal: { type: 'user.deleted', metadata: { method: 'password' }, codes: ['INVALID_PASSWORD'] },
  async handler({ auth, request, body, session: resolved }) {
    if (!auth.options.deleteUser.enabled) throw new AuthError('NOT_FOUND');
    const { user } = resolved;
    // Set when deletion is confirmed by an emailed link.
    const byEmail = auth.options.deleteUser.sendVerificationEmail && auth.options.mailer !== undefined;

    if (body.password !== undefined) {
      checkPasswordMaxLength(auth, body.password);
      const hash = await findCredentialPassword(auth.db, user.id);
      if (!hash) throw new AuthError('CREDENTIAL_ACCOUNT_NOT_FOUND');
      if (!(await credentialPasswordMatches(auth, user.id, hash, body.password)))
        throw new AuthError('INVALID_PASSWORD');
      if (byEmail) return sendDeletionEmail(auth, request, user, body.callbackURL);
    } else if (body.token !== undefined) {
      await consumeDeletionToken(auth, body.token, user.id);
    } else if (byEmail) {
      return sendDeletionEmail(auth, request, user, body.callbackURL);
    } else if (await findCredentialPassword(auth.db, user.id)) {
      throw new AuthError('USER_ALREADY_HAS_PASSWORD');
    } else if (!isRecentlyAuthenticated(auth, resolved.session)) {
      throw new AuthError('SESSION_EXPIRED');
    }
    // A token proves the emailed link was followed: the deletion was confirmed by email.
    const method = body.password !== undefined ? 'password' : body.token !== undefined ? 'email' : 'session';
    await deleteUserAndSignOut(auth, request, user.id, method);
    return DELETED;
  },
});

async function sendDeletionEmail(
  auth: AuthContext,
  request: RequestContext,
  user: User,
  callbackURL: string | undefined,
) {
  // The budget first: a refused request leaves no token behind.
  const postage = await spendOrRefuse(auth, user.email, await causeOf(request));
  const token = generateLowerToken(32);
  const now = auth.options.now();
  const expiresAt = new Date(now + auth.options.deleteUser.deleteTokenExpiresIn * 1000);
  await insertVerification(auth.db, `${DELETE_PREFIX}${token}`, user.id, expiresAt, now);
  const url = `${apiBase(auth)}/delete-user/callback?token=${token}&callbackURL=${encodeURIComponent(callbackURL || '/')}`;
  const message = accountDeletionEmail({
    to: user.email,
    name: user.name,
    url,
    language: emailLanguage(request),
  });
  await deliverOrFail(sendMail(auth, message, postage));
  await auth.audit.record(request, {
    type: 'user.deletion_requested',
    target: { type: 'user', id: user.id },
  });
  return EMAIL_SENT;
}

/** A deletion token works once, only for the account it was made for; others cannot spend it. */
export async function consumeDeletionToken(auth: AuthContext, token: string, userId: string): Promise<void> {
  const identifier = `${DELETE_PREFIX}${token}`;
  const now = auth.options.now();
  const found = await findVerification(auth.db, identifier, now);
  if (found?.value !== userId || (await consumeVerification(auth.db, identifier, now)) !== userId) {
    throw new AuthError('INVALID_TOKEN', { status: 404 });
  }
}
