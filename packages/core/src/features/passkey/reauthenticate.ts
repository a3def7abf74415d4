import { z } from 'zod';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { codesOf, defineEndpoint } from '../../http/endpoint.ts';
import { sessionJson, userJson } from '../../http/response-schemas.ts';
import { markReauthenticated } from '../../session/session.repository.ts';
import { sessionToJson } from '../../session/session.ts';
import { reissueSessionCookies } from '../../session/session-cookies.ts';
import { userToJson } from '../../user/user.ts';
import { checkAssertion } from './check-assertion.ts';
import { ASSERTION_REFUSALS } from './passkey-json.ts';
import type { ResolvedPasskey } from './passkey-options.ts';
import { verifyAuthenticationBody } from './passkey-schemas.ts';

/**
 * POST /passkey/reauthenticate (Gatehouse only; docs/protocol/passkey.md#step-up, Better
 * Auth #5099): the web app's re-authentication dialog. After `generate-authenticate-options`
 * (signed in, so the user's own passkeys are offered) and an assertion by one of the session
 * user's passkeys, the current session counts as fresh and recently authenticated again: its
 * `updatedAt` and `authenticatedAt` become now, no new session is created. It is as strong as a passkey sign-in: a user with two-factor on needs a
 * passkey that verified them (the UV flag,
 * docs/protocol/passkey.md#d9-a-user-verifying-passkey-is-both-factors).
 */
export const reauthenticate = (config: ResolvedPasskey) =>
  defineEndpoint({
    name: 'reauthenticateWithPasskey',
    method: 'POST',
    path: '/passkey/reauthenticate',
    summary: 'Confirm the person with a passkey, making the session fresh',
    description:
      "Gatehouse only: after generate-authenticate-options, an assertion by one of the session user's " +
      'passkeys makes the current session fresh for sensitive changes.',
    body: verifyAuthenticationBody,
    requires: 'sensitive',
    response: z.object({ session: sessionJson, user: userJson }),
    errors: [...ASSERTION_REFUSALS, 'PASSKEY_OF_ANOTHER_USER', 'USER_VERIFICATION_REQUIRED'],
    // The passkey's refusals, not the missing session's (features/audit/README.md).
    auditRefusal: {
      type: 'user.reauthenticated',
      metadata: { method: 'passkey' },
      codes: [...codesOf(ASSERTION_REFUSALS), 'PASSKEY_OF_ANOTHER_USER', 'USER_VERIFICATION_REQUIRED'],
    },
    async handler({ auth, request, body, session: { session, user } }) {
      const { passkey, userVerified } = await checkAssertion(auth, request, config, body.response);
      if (passkey.userId !== user.id) throw new AuthError('PASSKEY_OF_ANOTHER_USER');
      if (user.additional.twoFactorEnabled === true && !userVerified) {
        throw new AuthError('USER_VERIFICATION_REQUIRED');
      }
      const now = auth.options.now();
      if (!(await markReauthenticated(auth.db, session.token, isoNow(now))))
        throw new AuthError('UNAUTHORIZED');
      const fresh = { ...session, updatedAt: new Date(now), authenticatedAt: new Date(now) };
      reissueSessionCookies(auth, request, fresh, user);
      await auth.audit.record(request, {
        type: 'user.reauthenticated',
        target: { type: 'user', id: user.id },
        metadata: { method: 'passkey', passkeyId: passkey.id, userVerified },
      });
      return { session: sessionToJson(fresh), user: userToJson(user, auth.options.additionalFields) };
    },
  });
