import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { redirectResponse } from '../../http/respond.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import { findVerification } from '../../user/verification.repository.ts';
import { apiBase } from '../../user/verification-email.ts';
import { RESET_PREFIX } from './request-password-reset.ts';

/**
 * Where the emailed reset link lands: checks the token without using it up and sends the browser
 * on to the app's reset page with `?token=…`, or `?error=INVALID_TOKEN`
 * (docs/protocol/core.md#password-reset).
 */
export const resetPasswordLink = defineEndpoint({
  name: 'resetPasswordCallback',
  method: 'GET',
  path: '/reset-password/:token',
  summary: 'Open an emailed password reset link',
  description:
    "Checks the token without using it up and redirects to the app's reset page with `?token=…`, or with " +
    '`?error=INVALID_TOKEN`.',
  query: z.object({ callbackURL: z.union([z.literal(''), callbackUrlSchema]) }),
  requires: 'none',
  redirects: true,
  errors: ['INVALID_CALLBACK_URL'],
  async handler({ auth, query, params }) {
    const callbackURL = query.callbackURL;
    if (!callbackURL) return redirectResponse(`${apiBase(auth)}/error?error=INVALID_TOKEN`, []);
    if (!auth.origins.isTrustedRedirect(callbackURL)) throw new AuthError('INVALID_CALLBACK_URL');
    const target = new URL(callbackURL, auth.options.origin);
    const { token } = params;
    const found = token
      ? await findVerification(auth.db, `${RESET_PREFIX}${token}`, auth.options.now())
      : null;
    if (token && found) target.searchParams.set('token', token);
    else target.searchParams.set('error', 'INVALID_TOKEN');
    return redirectResponse(target.toString(), []);
  },
});
