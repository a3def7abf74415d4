import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { findCredentialPassword } from '../../user/account.repository.ts';
import { credentialPasswordMatches } from '../../user/credential-password.ts';
import { checkPasswordMaxLength } from '../../user/password-policy.ts';

/**
 * Confirms the caller knows their password, e.g. before a sensitive screen
 * (docs/protocol/core.md#verify-password).
 */
export const verifyPasswordEndpoint = defineEndpoint({
  name: 'verifyPassword',
  method: 'POST',
  path: '/verify-password',
  summary: 'Check that the caller knows their password',
  description: 'For a screen that asks for the password again before a sensitive change.',
  body: z.object({ password: z.string().max(4096) }),
  requires: 'sensitive',
  response: statusJson,
  errors: ['PASSWORD_TOO_LONG', 'INVALID_PASSWORD'],
  auditRefusal: {
    type: 'user.reauthenticated',
    metadata: { method: 'password' },
    codes: ['INVALID_PASSWORD'],
  },
  async handler({ auth, request, body, session: { user } }) {
    checkPasswordMaxLength(auth, body.password);
    const hash = await findCredentialPassword(auth.db, user.id);
    if (!hash || !(await credentialPasswordMatches(auth, user.id, hash, body.password)))
      throw new AuthError('INVALID_PASSWORD');
    await auth.audit.record(request, {
      type: 'user.reauthenticated',
      target: { type: 'user', id: user.id },
      metadata: { method: 'password' },
    });
    return { status: true };
  },
});
