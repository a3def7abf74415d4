import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { endOtherSessions } from '../../session/end-other-sessions.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import { rotateSession } from '../../session/rotate-session.ts';
import type { Session } from '../../session/session.ts';
import type { User } from '../../user/user.ts';
import { confirmPassword } from './confirm-password.ts';
import { newBackupCodes, newTotpSecret, sealBackupCodes, sealTotpSecret } from './stored-secrets.ts';
import { totpURI } from './totp-uri.ts';
import {
  deleteTrustedDevicesOfUser,
  findTwoFactor,
  replaceTwoFactor,
  setTwoFactorEnabled,
} from './two-factor.repository.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';
import { PASSWORD_CONFIRMATION, PASSWORD_REFUSED } from './two-factor-refusals.ts';
import { enableBody } from './two-factor-schemas.ts';

/**
 * POST /two-factor/enable (docs/protocol/two-factor.md#enable). `otp` turns two-factor on at once; `totp`
 * stores a new secret and backup codes, and two-factor counts as on only after a first code (verify-totp).
 * Every trusted browser is forgotten: a new factor starts a new trust
 * (docs/protocol/two-factor.md#d2-trusted-browsers-go-with-the-factor).
 */
export const enableTwoFactor = (config: ResolvedTwoFactor) =>
  defineEndpoint({
    name: 'enableTwoFactor',
    method: 'POST',
    path: '/two-factor/enable',
    summary: 'Turn on two-factor authentication',
    description:
      '`totp` answers a new authenticator URI and backup codes; two-factor counts as on only after a first ' +
      'code (verify-totp). Emailed codes (`otp`) turn on at once. Needs the password (a user without one: a ' +
      'recent sign-in). Every other session of the user ends when two-factor turns on.',
    body: enableBody,
    requires: 'sensitive',
    response: z.union([
      z.object({ method: z.literal('otp') }),
      z.object({ method: z.literal('totp'), totpURI: z.string(), backupCodes: z.array(z.string()) }),
    ]),
    errors: [...PASSWORD_CONFIRMATION, 'OTP_NOT_CONFIGURED', 'TOTP_ALREADY_ENABLED'],
    auditRefusal: { type: 'user.two_factor_enabled', codes: PASSWORD_REFUSED },
    async handler({ auth, request, body, session }) {
      await confirmPassword(auth, session, body.password);
      const { user } = session;
      if (body.method === 'otp') {
        if (!config.otp) throw new AuthError('OTP_NOT_CONFIGURED');
        await deleteTrustedDevicesOfUser(auth.db, user.id);
        await turnOn(auth, request, session);
        return { method: 'otp' };
      }
      const existing = await findTwoFactor(auth.db, user.id);
      if (existing?.verified) throw new AuthError('TOTP_ALREADY_ENABLED');
      const secret = newTotpSecret();
      const backupCodes = newBackupCodes();
      await replaceTwoFactor(auth.db, {
        userId: user.id,
        secret: sealTotpSecret(auth.options.secret, secret),
        backupCodes: sealBackupCodes(auth.options.secret, backupCodes),
        verified: false,
      });
      await deleteTrustedDevicesOfUser(auth.db, user.id);
      const issuer = body.issuer ?? config.issuer;
      return { method: 'totp', totpURI: totpURI(issuer, user.email, Buffer.from(secret)), backupCodes };
    },
  });

/**
 * Sets `twoFactorEnabled` and rotates the session (docs/protocol/two-factor.md#session-rotation), returning
 * the new session and the user as now stored, so the answer and the cookies agree
 * (docs/protocol/two-factor.md#d4-the-enrolment-answer-is-current). Every other session of the user ends:
 * none of them passed a second factor, and an organization that requires two-factor would otherwise take
 * them as if they had (README: "Turning two-factor on ends the other sessions").
 */
export async function turnOn(
  auth: AuthContext,
  request: RequestContext,
  resolved: ResolvedSession,
): Promise<{ session: Session; user: User }> {
  await setTwoFactorEnabled(auth.db, resolved.user.id, true, isoNow(auth.options.now()));
  const user: User = {
    ...resolved.user,
    updatedAt: new Date(auth.options.now()),
    additional: { ...resolved.user.additional, twoFactorEnabled: true },
  };
  const session = await rotateSession(auth, request, resolved.session, user);
  const ended = await endOtherSessions(auth, user.id, session.token);
  await auth.audit.record(request, {
    type: 'user.two_factor_enabled',
    target: { type: 'user', id: user.id },
    sessionId: session.id,
    metadata: { otherSessionsEnded: ended },
  });
  return { session, user };
}
