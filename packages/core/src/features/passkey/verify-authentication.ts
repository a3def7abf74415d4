import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { sessionJson, twoFactorChallengeJson, userJson } from '../../http/response-schemas.ts';
import { sessionToJson } from '../../session/session.ts';
import { completeSignIn, type SignInOutcome } from '../../session/sign-in-gate.ts';
import { findUserById } from '../../user/user.repository.ts';
import { userFromRow, userToJson } from '../../user/user.ts';
import { checkAssertion } from './check-assertion.ts';
import { ASSERTION_REFUSALS } from './passkey-json.ts';
import type { ResolvedPasskey } from './passkey-options.ts';
import { verifyAuthenticationBody } from './passkey-schemas.ts';

/**
 * POST /passkey/verify-authentication (docs/protocol/passkey.md#verify-authentication): sign-in with a
 * passkey. It ends in the sign-in gate like every first factor, so a banned user is refused and, for a
 * user with two-factor on, an assertion without the UV flag gets the two-factor challenge instead
 * of a session (docs/protocol/passkey.md#d9-a-user-verifying-passkey-is-both-factors; 1.7 never challenges).
 * A user-verifying passkey counts as two factors.
 */
export const verifyAuthentication = (config: ResolvedPasskey) =>
  defineEndpoint({
    name: 'verifyPasskeyAuthentication',
    method: 'POST',
    path: '/passkey/verify-authentication',
    summary: 'Sign in with a passkey',
    description:
      'A user with two-factor on gets the two-factor challenge unless the authenticator verified the person ' +
      '(UV).',
    body: verifyAuthenticationBody,
    requires: 'none',
    response: z.union([z.object({ session: sessionJson, user: userJson }), twoFactorChallengeJson]),
    errors: [...ASSERTION_REFUSALS, 'UNABLE_TO_CREATE_SESSION', 'BANNED_USER'],
    auditRefusal: { type: 'user.passkey_sign_in_failed', metadata: { method: 'passkey' } },
    async handler({ auth, request, body }) {
      request.outcome.signingIn('passkey');
      const { passkey, userVerified } = await checkAssertion(auth, request, config, body.response);
      const row = await findUserById(auth.db, passkey.userId);
      if (!row) throw new AuthError('UNABLE_TO_CREATE_SESSION');
      const user = userFromRow(row, auth.options.additionalFields);
      let outcome: SignInOutcome;
      try {
        outcome = await completeSignIn(auth, request, user, { kind: 'passkey', userVerified });
      } catch (error) {
        if (error instanceof AuthError) throw error;
        throw new AuthError('UNABLE_TO_CREATE_SESSION', { cause: error });
      }
      if (outcome.challenge) return outcome.challenge.body;
      return {
        session: sessionToJson(outcome.session),
        user: userToJson(user, auth.options.additionalFields),
      };
    },
  });
