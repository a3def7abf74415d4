import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { noticeCredentialChange } from '../../notices/security-notices.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import { deleteSessionsOfUser } from '../../session/session.repository.ts';
import { setCredentialPassword } from '../../user/account.repository.ts';
import { checkNewPassword } from '../../user/password-policy.ts';
import { claimUnprovenAccountWithin } from '../../user/take-over.repository.ts';
import { findUserById } from '../../user/user.repository.ts';
import { userFromRow } from '../../user/user.ts';
import { consumeVerification, findVerification } from '../../user/verification.repository.ts';
import { RESET_PREFIX } from './request-password-reset.ts';

/** Sets a new password with a reset token; the token works once (docs/protocol/core.md#password-reset). */
export const resetPassword = defineEndpoint({
  name: 'resetPassword',
  method: 'POST',
  path: '/reset-password',
  summary: 'Set a new password with a reset token',
  description:
    'The token works once. When the server revokes sessions on a reset, every session of the user ends.',
  body: z.object({ newPassword: z.string().max(4096), token: z.string().max(256).optional() }),
  query: z.object({ token: z.string().max(256).optional() }),
  requires: 'none',
  response: statusJson,
  errors: [
    'INVALID_TOKEN',
    'USER_NOT_FOUND',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'PASSWORD_TOO_COMMON',
  ],
  async handler({ auth, request, body, query }) {
    const token = body.token ?? query.token;
    if (!token) throw new AuthError('INVALID_TOKEN');
    checkNewPassword(auth, body.newPassword);
    const identifier = `${RESET_PREFIX}${token}`;
    const now = auth.options.now();
    const found = await findVerification(auth.db, identifier, now);
    if (!found) throw new AuthError('INVALID_TOKEN');
    const row = await findUserById(auth.db, found.value);
    if (!row) throw new AuthError('USER_NOT_FOUND');
    const owner = userFromRow(row, auth.options.additionalFields);
    const userId = found.value;
    const passwordHash = await auth.options.emailAndPassword.password.hash(body.newPassword);
    const revoked = await auth.db.transaction().execute(async (trx) => {
      if ((await consumeVerification(trx, identifier, now)) !== userId) throw new AuthError('INVALID_TOKEN');
      // The mailed token proves the address: an account nobody had proven is the resetter's alone
      // from now on, without what anyone set up in it before (README: a reset claims an unproven account).
      const claimed = owner.emailVerified ? null : await claimUnprovenAccountWithin(trx, userId, now);
      if (claimed !== null)
        await auth.audit.recordIn(trx, request, {
          type: 'user.email_verified',
          actor: { type: 'user', id: userId },
          target: { type: 'user', id: userId },
          metadata: { takenOver: true, sessionsRevoked: claimed.length },
        });
      await setCredentialPassword(trx, userId, passwordHash, now);
      await auth.audit.recordIn(trx, request, {
        type: 'user.password_reset_completed',
        actor: { type: 'user', id: userId },
        target: { type: 'user', id: userId },
        metadata: {
          sessionsRevoked: claimed !== null || auth.options.emailAndPassword.revokeSessionsOnPasswordReset,
        },
      });
      if (claimed !== null) return claimed;
      if (!auth.options.emailAndPassword.revokeSessionsOnPasswordReset) return [];
      return deleteSessionsOfUser(trx, userId);
    });
    await rememberRevoked(auth, revoked);
    // Whoever reset the password owns the account now: browsers trusted before are forgotten (D2).
    await auth.ports.secondFactor?.forgetTrustedBrowsers(auth, userId, request);
    await noticeCredentialChange(auth, request, owner, 'password-reset');
    return { status: true };
  },
});
