import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { sessionJson, twoFactorChallengeJson, userJson } from '../../http/response-schemas.ts';
import { type EmailSignIn, signInProvenAddress } from '../../session/email-sign-in.ts';
import { sessionToJson } from '../../session/session.ts';
import { parseAdditionalFields } from '../../user/additional-fields.ts';
import { userToJson } from '../../user/user.ts';
import type { LinkRecord } from './magic-link-store.ts';

/**
 * What a followed link and its typed code both do
 * (docs/protocol/passwordless.md#12-get-magic-linkverify steps 4 to 8): an account for a new
 * address, the take-over of an unproven one, then the sign-in gate.
 */
export function signInWithLink(
  auth: AuthContext,
  request: RequestContext,
  record: LinkRecord,
): Promise<EmailSignIn> {
  return signInProvenAddress(auth, request, {
    email: record.email,
    method: 'email-link',
    newUser: {
      name: record.name,
      image: null,
      additional: parseAdditionalFields(auth.options.additionalFields, {}, 'create'),
    },
  });
}

/** The answer of a sign-in by link without `callbackURL`, and of its code. */
export const linkSignInJson = z.union([
  z.object({ token: z.string(), user: userJson, session: sessionJson }),
  twoFactorChallengeJson,
]);

/** The JSON answer of a link sign-in: the session, or the challenge when a second factor is owed. */
export function signedInJson(auth: AuthContext, signedIn: Exclude<EmailSignIn, { refused: string }>) {
  const { outcome, user } = signedIn;
  if (outcome.challenge) return outcome.challenge.body;
  return {
    token: outcome.session.token,
    user: userToJson(user, auth.options.additionalFields),
    session: sessionToJson(outcome.session),
  };
}
