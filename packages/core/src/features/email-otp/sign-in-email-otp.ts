import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { twoFactorChallengeJson, userJson } from '../../http/response-schemas.ts';
import { SIGN_UP_REFUSAL, signInProvenAddress } from '../../session/email-sign-in.ts';
import { parseAdditionalFields } from '../../user/additional-fields.ts';
import { normalizeEmail } from '../../user/email.ts';
import { userToJson } from '../../user/user.ts';
import { imageSchema, nameSchema } from '../../user/user-limits.ts';
import { checkEmailCode } from './email-otp-codes.ts';
import { addressField, otpField } from './email-otp-input.ts';

// Loose: keys beyond these are a new account's additional fields, as on sign-up.
const signInBody = z.looseObject({
  email: addressField,
  otp: otpField,
  name: nameSchema.optional(),
  image: imageSchema.optional(),
});

/**
 * POST /sign-in/email-otp (docs/protocol/passwordless.md#22-post-sign-inemail-otp): a sign-in code
 * signs in, creating the account when the sign-up policy allows; a person with two-factor on gets
 * the challenge instead
 * (docs/protocol/passwordless.md#7-gatehouse-decisions-where-gatehouse-does-better-than-the-reference, D2).
 */
export const signInEmailOtp = defineEndpoint({
  name: 'signInEmailOTP',
  method: 'POST',
  path: '/sign-in/email-otp',
  summary: 'Sign in with an emailed code',
  description:
    'Sets the session cookies and answers the token and the user, or `{ twoFactorRedirect: true, ' +
    'twoFactorMethods }` when a second factor is owed. An address without an account gets one if sign-up is allowed.',
  body: signInBody,
  requires: 'none',
  response: z.union([z.object({ token: z.string(), user: userJson }), twoFactorChallengeJson]),
  errors: [
    'INVALID_OTP',
    'OTP_EXPIRED',
    'TOO_MANY_ATTEMPTS',
    'SIGN_UP_CLOSED',
    'SIGN_UP_INVITE_ONLY',
    'MISSING_FIELD',
    'BANNED_USER',
  ],
  auditRefusal: { type: 'user.sign_in_failed', metadata: { method: 'email-otp' } },
  async handler({ auth, request, body }) {
    request.outcome.signingIn('email-otp');
    const email = normalizeEmail(body.email);
    const additional = parseAdditionalFields(auth.options.additionalFields, body, 'create');
    const check = await checkEmailCode(auth, 'sign-in', email, body.otp);
    if (!check.ok) throw new AuthError(check.refusal);
    const signedIn = await signInProvenAddress(auth, request, {
      email,
      method: 'email-otp',
      newUser: { name: body.name ?? '', image: body.image ?? null, additional },
    });
    if (signedIn.refused) throw new AuthError(SIGN_UP_REFUSAL[signedIn.refused]);
    const { outcome, user } = signedIn;
    if (outcome.challenge) return outcome.challenge.body;
    return { token: outcome.session.token, user: userToJson(user, auth.options.additionalFields) };
  },
});
