import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { confirmPassword } from './confirm-password.ts';
import { openTotpKey } from './stored-secrets.ts';
import { totpURI } from './totp-uri.ts';
import { findTwoFactor } from './two-factor.repository.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';
import { PASSWORD_CONFIRMATION, PASSWORD_REFUSED } from './two-factor-refusals.ts';
import { passwordBody } from './two-factor-schemas.ts';

/**
 * POST /two-factor/get-totp-uri (docs/protocol/two-factor.md#get-totp-uri), for re-adding the account to an
 * app. It names the same issuer as enable (docs/protocol/two-factor.md#d17-one-issuer: 1.7 uses `appName`
 * here even with a custom issuer).
 */
export const getTotpUri = (config: ResolvedTwoFactor) =>
  defineEndpoint({
    name: 'getTOTPURI',
    method: 'POST',
    path: '/two-factor/get-totp-uri',
    summary: 'The authenticator URI again, to add the account to another app',
    description: 'Needs the password (a user without one: a recent sign-in).',
    body: passwordBody,
    requires: 'sensitive',
    response: z.object({ totpURI: z.string() }),
    errors: ['TOTP_NOT_ENABLED', ...PASSWORD_CONFIRMATION],
    auditRefusal: { type: 'user.totp_uri_read', codes: PASSWORD_REFUSED },
    async handler({ auth, request, body, session }) {
      const row = await findTwoFactor(auth.db, session.user.id);
      if (!row) throw new AuthError('TOTP_NOT_ENABLED');
      await confirmPassword(auth, session, body.password);
      const key = openTotpKey(auth.options.secret, row.secret);
      if (!key) throw new AuthError('TOTP_NOT_ENABLED');
      // The second factor's secret handed out again: worth a line in the owner's activity.
      await auth.audit.record(request, {
        type: 'user.totp_uri_read',
        target: { type: 'user', id: session.user.id },
      });
      return { totpURI: totpURI(config.issuer, session.user.email, key) };
    },
  });
