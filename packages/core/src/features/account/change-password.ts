import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userWithTokenJson } from '../../http/response-schemas.ts';
import { noticeCredentialChange } from '../../notices/security-notices.ts';
import { createSession } from '../../session/create-session.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import { deleteSessionsOfUser } from '../../session/session.repository.ts';
import { findCredentialPassword, setCredentialPassword } from '../../user/account.repository.ts';
import { credentialPasswordMatches } from '../../user/credential-password.ts';
import { checkNewPassword, checkPasswordMaxLength } from '../../user/password-policy.ts';
import { userToJson } from '../../user/user.ts';

/**
 * Changes the password, proving the current one first (docs/protocol/core.md#change-password). With
 * revokeOtherSessions, every session ends (this one too) and a new one replaces this device's.
 */
export const changePassword = defineEndpoint({
  name: 'changePassword',
  method: 'POST',
  path: '/change-password',
  summary: 'Change the password, proving the current one',
  description:
    'With `revokeOtherSessions: true` every session ends, this one too, and a new session replaces this ' +
    "device's (new cookies and `token`).",
  body: z.object({
    newPassword: z.string().max(4096),
    currentPassword: z.string().max(4096),
    revokeOtherSessions: z.boolean().optional(),
  }),
  requires: 'sensitive',
  response: userWithTokenJson,
  errors: [
    'CREDENTIAL_ACCOUNT_NOT_FOUND',
    'INVALID_PASSWORD',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'PASSWORD_TOO_COMMON',
    'FAILED_TO_GET_SESSION',
  ],
  // A wrong current password is a refused change (features/audit/README.md).
  auditRefusal: { type: 'user.password_changed', codes: ['INVALID_PASSWORD'] },
  async handler({ auth, request, body, session: { user } }) {
    checkNewPassword(auth, body.newPassword);
    checkPasswordMaxLength(auth, body.currentPassword);
    const currentHash = await findCredentialPassword(auth.db, user.id);
    if (!currentHash) throw new AuthError('CREDENTIAL_ACCOUNT_NOT_FOUND');
    const [newHash, matches] = await Promise.all([
      auth.options.emailAndPassword.password.hash(body.newPassword),
      credentialPasswordMatches(auth, user.id, currentHash, body.currentPassword),
    ]);
    if (!matches) throw new AuthError('INVALID_PASSWORD');

    const now = auth.options.now();
    // A changed password may mean a stolen one: browsers trusted to skip two-factor are forgotten (D2).
    await auth.ports.secondFactor?.forgetTrustedBrowsers(auth, user.id, request);
    const changed = {
      type: 'user.password_changed',
      target: { type: 'user', id: user.id },
      metadata: { otherSessionsRevoked: body.revokeOtherSessions === true },
    } as const;
    if (!body.revokeOtherSessions) {
      await auth.db.transaction().execute(async (trx) => {
        await setCredentialPassword(trx, user.id, newHash, now);
        await auth.audit.recordIn(trx, request, changed);
      });
      await noticeCredentialChange(auth, request, user, 'password-changed');
      return { token: null, user: userToJson(user, auth.options.additionalFields) };
    }
    const ended = await auth.db.transaction().execute(async (trx) => {
      const tokens = await deleteSessionsOfUser(trx, user.id);
      await setCredentialPassword(trx, user.id, newHash, now);
      await auth.audit.recordIn(trx, request, changed);
      return tokens;
    });
    await rememberRevoked(auth, ended);
    await noticeCredentialChange(auth, request, user, 'password-changed');
    let token: string;
    try {
      token = (await createSession(auth, request, user)).token;
    } catch (error) {
      throw new AuthError('FAILED_TO_GET_SESSION', { cause: error });
    }
    return { token, user: userToJson(user, auth.options.additionalFields) };
  },
});
