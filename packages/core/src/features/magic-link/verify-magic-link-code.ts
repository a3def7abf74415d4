import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { oneLine } from '../../http/one-line.ts';
import { SIGN_UP_REFUSAL } from '../../session/email-sign-in.ts';
import { linkSignInJson, signedInJson, signInWithLink } from './magic-link-sign-in.ts';
import { spendLinkCode } from './magic-link-store.ts';

/**
 * POST /magic-link/verify-code: the code printed in a magic-link message, typed on any device,
 * does what following the link without `callbackURL` does, and spends the link
 * (docs/protocol/passwordless.md#7-gatehouse-decisions-where-gatehouse-does-better-than-the-reference,
 * D1). Only the address's latest link has a code; three wrong tries kill it.
 */
export const verifyMagicLinkCode = defineEndpoint({
  name: 'magicLinkVerifyCode',
  method: 'POST',
  path: '/magic-link/verify-code',
  summary: "Sign in with the code of a magic link's message",
  description:
    'For a person reading the message on another device, or whose mail scanner followed the link first. ' +
    'The code works once, expires with the link, and dies after three wrong tries.',
  body: z.object({ email: oneLine(z.string().max(1024)), code: oneLine(z.string().max(64)) }),
  requires: 'none',
  response: linkSignInJson,
  errors: [
    'INVALID_OTP',
    'OTP_EXPIRED',
    'TOO_MANY_ATTEMPTS',
    'SIGN_UP_CLOSED',
    'SIGN_UP_INVITE_ONLY',
    'BANNED_USER',
  ],
  auditRefusal: { type: 'user.sign_in_failed', metadata: { method: 'email-link' } },
  async handler({ auth, request, body }) {
    request.outcome.signingIn('email-link');
    const spent = await spendLinkCode(auth, body.email, body.code);
    if (!spent.ok) throw new AuthError(spent.refusal);
    const signedIn = await signInWithLink(auth, request, spent.record);
    if (signedIn.refused) throw new AuthError(SIGN_UP_REFUSAL[signedIn.refused]);
    return signedInJson(auth, signedIn);
  },
});
