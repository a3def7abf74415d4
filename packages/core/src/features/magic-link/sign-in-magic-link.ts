import { z } from 'zod';
import { logFailedSend, sendMail, spendOrRefuse } from '../../email/deliver.ts';
import { emailLanguage } from '../../email/language.ts';
import { causeOf } from '../../email/mail-budget.ts';
import { magicLinkEmail } from '../../email/passwordless-templates.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { emailSchema, normalizeEmail } from '../../user/email.ts';
import { callbackUrlSchema, nameSchema } from '../../user/user-limits.ts';
import { apiBase } from '../../user/verification-email.ts';
import type { ResolvedMagicLink } from './magic-link-options.ts';
import { storeLink } from './magic-link-store.ts';

/**
 * POST /sign-in/magic-link (docs/protocol/passwordless.md#11-post-sign-inmagic-link). The redirect
 * targets are checked by the pipeline before the handler runs, so an untrusted one stores and
 * sends nothing. Every address gets the same answer and the same message, account or not (the
 * link creates one if the sign-up policy allows), so nothing here tells who has an account: the
 * mail budget's 429 too is the same for any address. The message is queued, not awaited.
 */
export const signInMagicLink = (config: ResolvedMagicLink) =>
  defineEndpoint({
    name: 'signInMagicLink',
    method: 'POST',
    path: '/sign-in/magic-link',
    summary: 'Email a sign-in link, with a code for another device',
    description:
      'The same answer for every address. The link (and its code, for `/magic-link/verify-code`) signs in ' +
      'once, within the configured lifetime; an address without an account gets one if sign-up is allowed.',
    body: z.object({
      email: emailSchema,
      name: nameSchema.optional(),
      callbackURL: callbackUrlSchema.optional(),
      newUserCallbackURL: callbackUrlSchema.optional(),
      errorCallbackURL: callbackUrlSchema.optional(),
      // Better Auth hands it to the app's sender; Gatehouse's mailer has no use for it, so it is
      // accepted for the official client and neither stored nor logged.
      metadata: z.record(z.string().max(256), z.unknown()).optional(),
    }),
    requires: 'none',
    response: statusJson,
    errors: ['TOO_MANY_EMAILS'],
    async handler({ auth, request, body }) {
      const email = normalizeEmail(body.email);
      const postage = await spendOrRefuse(auth, email, await causeOf(request));
      const { token, code } = await storeLink(auth, config, { email, name: body.name ?? '' });
      const url = new URL(`${apiBase(auth)}/magic-link/verify`);
      url.searchParams.set('token', token);
      url.searchParams.set('callbackURL', body.callbackURL || '/');
      if (body.newUserCallbackURL) url.searchParams.set('newUserCallbackURL', body.newUserCallbackURL);
      if (body.errorCallbackURL) url.searchParams.set('errorCallbackURL', body.errorCallbackURL);
      const message = magicLinkEmail({
        to: email,
        url: url.toString(),
        code,
        minutes: Math.max(1, Math.floor(config.expiresIn / 60)),
        language: emailLanguage(request),
      });
      void sendMail(auth, message, postage).catch(
        logFailedSend(auth, 'Could not send a magic link', request.log),
      );
      return { status: true };
    },
  });
