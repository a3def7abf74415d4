import { isoNow } from '../../db/schema.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { noticeCredentialChange } from '../../notices/security-notices.ts';
import { rotateSession } from '../../session/rotate-session.ts';
import { confirmPassword } from './confirm-password.ts';
import { forgetThisBrowser } from './trusted-device.ts';
import { turnOffTwoFactor } from './two-factor.repository.ts';
import { PASSWORD_CONFIRMATION, PASSWORD_REFUSED } from './two-factor-refusals.ts';
import { passwordBody } from './two-factor-schemas.ts';

/**
 * POST /two-factor/disable (docs/protocol/two-factor.md#disable): two-factor off, the secret and codes
 * deleted, the session rotated. Every trusted browser of the user is forgotten, not only this one
 * (docs/protocol/two-factor.md#d2-trusted-browsers-go-with-the-factor), so turning two-factor on again never
 * inherits an old trust.
 */
export const disableTwoFactor = defineEndpoint({
  name: 'disableTwoFactor',
  method: 'POST',
  path: '/two-factor/disable',
  summary: 'Turn off two-factor authentication',
  description:
    'Deletes the secret and the backup codes, forgets every trusted browser and rotates the session. Needs ' +
    'the password (a user without one: a recent sign-in).',
  body: passwordBody,
  requires: 'sensitive',
  response: statusJson,
  errors: PASSWORD_CONFIRMATION,
  auditRefusal: { type: 'user.two_factor_disabled', codes: PASSWORD_REFUSED },
  async handler({ auth, request, body, session }) {
    await confirmPassword(auth, session, body.password);
    const { user } = session;
    const now = auth.options.now();
    await turnOffTwoFactor(auth.db, user.id, isoNow(now));
    await forgetThisBrowser(auth, request);
    const updated = {
      ...user,
      updatedAt: new Date(now),
      additional: { ...user.additional, twoFactorEnabled: false },
    };
    await rotateSession(auth, request, session.session, updated);
    await auth.audit.record(request, {
      type: 'user.two_factor_disabled',
      target: { type: 'user', id: user.id },
    });
    await noticeCredentialChange(auth, request, user, 'two-factor-disabled');
    return { status: true };
  },
});
