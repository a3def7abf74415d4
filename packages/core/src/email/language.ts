import { preferredLanguage } from '../http/accept-language.ts';
import type { RequestContext } from '../http/request-context.ts';

/** The languages emails are written in; English is the fallback. */
export const EMAIL_LANGUAGES = ['en', 'de', 'fr'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

/**
 * The language of an email, from the request that causes it: its `Accept-Language`, which the
 * web app sets to the language the person picked, and a browser otherwise to its own
 * (docs/email.md#languages). An invitation is written in the inviter's language, since the invitee
 * has not asked.
 */
export const emailLanguage = (request: RequestContext): EmailLanguage =>
  preferredLanguage(request.header('accept-language'), EMAIL_LANGUAGES, 'en');
