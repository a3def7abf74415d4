import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { oneLine } from '../../http/one-line.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { redirectResponse } from '../../http/respond.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import { linkSignInJson, signedInJson, signInWithLink } from './magic-link-sign-in.ts';
import { spendLink } from './magic-link-store.ts';

/**
 * GET /magic-link/verify (docs/protocol/passwordless.md#12-get-magic-linkverify). The three
 * targets are checked before the token is looked at, so a foreign one leaves it usable; each
 * answers `INVALID_CALLBACK_URL`, as Better Auth's checks do. A person in a browser is sent on with
 * `?error=` for a bad token or a refused sign-up; without `callbackURL`, success is JSON.
 */
export const verifyMagicLink = defineEndpoint({
  name: 'magicLinkVerify',
  method: 'GET',
  path: '/magic-link/verify',
  summary: 'Open an emailed sign-in link',
  description:
    'Signs in once per link. With `callbackURL` it redirects there (`newUserCallbackURL` for a new account, ' +
    'the two-factor page when a second factor is owed); without one it answers JSON. A bad or spent token ' +
    'redirects to `errorCallbackURL` (else `callbackURL`, else `/`) with `?error=INVALID_TOKEN`.',
  query: z.object({
    token: oneLine(z.string().max(256)),
    callbackURL: callbackUrlSchema.optional(),
    newUserCallbackURL: callbackUrlSchema.optional(),
    errorCallbackURL: callbackUrlSchema.optional(),
  }),
  requires: 'none',
  response: linkSignInJson,
  redirects: true,
  errors: ['INVALID_CALLBACK_URL', 'BANNED_USER'],
  // Refusals a browser is sent away with are recorded by `fail`; this is the JSON one.
  auditRefusal: { type: 'user.sign_in_failed', metadata: { method: 'email-link' }, codes: ['BANNED_USER'] },
  async handler({ auth, request, query }) {
    for (const target of [query.callbackURL, query.newUserCallbackURL, query.errorCallbackURL]) {
      if (target && !auth.origins.isTrustedRedirect(target)) throw new AuthError('INVALID_CALLBACK_URL');
    }
    request.outcome.signingIn('email-link');
    const fail = async (error: string) => {
      await recordFailure(auth, request, error);
      const target = new URL(query.errorCallbackURL || query.callbackURL || '/', auth.options.origin);
      target.searchParams.set('error', error);
      return redirectResponse(target.toString(), []);
    };

    const record = await spendLink(auth, query.token);
    if (!record) return fail('INVALID_TOKEN');
    let signedIn: Awaited<ReturnType<typeof signInWithLink>>;
    try {
      signedIn = await signInWithLink(auth, request, record);
    } catch (error) {
      // A refusal with its own code (a banned user) travels as that code to a browser.
      if (error instanceof AuthError && query.callbackURL) return fail(error.code);
      throw error;
    }
    if (signedIn.refused) return fail('new_user_signup_disabled');
    if (!query.callbackURL) return signedInJson(auth, signedIn);
    const { outcome, isNew } = signedIn;
    const destination = (isNew && query.newUserCallbackURL) || query.callbackURL;
    if (outcome.challenge) {
      // The two-factor page goes on to the destination once a factor is verified.
      const page = new URL(outcome.challenge.pageURL, auth.options.origin);
      page.searchParams.set('callbackURL', destination);
      return redirectResponse(page.toString(), []);
    }
    return redirectResponse(new URL(destination, auth.options.origin).toString(), []);
  },
});

/** A link that signs nobody in, as a refusal would be recorded: no token, no address. */
async function recordFailure(auth: AuthContext, request: RequestContext, code: string): Promise<void> {
  request.outcome.signInEnded(code);
  await auth.audit.record(request, {
    type: 'user.sign_in_failed',
    outcome: 'failure',
    errorCode: code,
    target: request.outcome.subject,
    metadata: { method: 'email-link' },
  });
}
