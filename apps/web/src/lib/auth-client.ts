import { createClient } from '@gatehouse/client';
import { LANGUAGES } from '../i18n/language.ts';
import { withOrganizationPolicy } from './organization-policy.ts';
import { withReauthentication } from './reauthentication.ts';

/**
 * Every call says the language the person reads the app in (i18n/language.ts keeps it on
 * <html lang>), so the emails a call causes are written in it (docs/email.md#languages). A bare language
 * such as `de` is a CORS-safelisted Accept-Language value, so no preflight asks for it.
 */
function fetchInPickedLanguage(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const language = LANGUAGES.find((known) => known === document.documentElement.lang);
  if (!language) return fetch(input, init);
  const headers = new Headers(init.headers);
  headers.set('accept-language', language);
  return fetch(input, { ...init, headers });
}

/**
 * The one API client of the app: same origin, the server's own base path. A sensitive call the
 * server refuses for a session that is not fresh asks the person to confirm it is them, then runs
 * again (lib/reauthentication.ts). An organization that requires two-factor of a member without
 * it sends them to set it up (lib/organization-policy.ts).
 */
export const authClient = withOrganizationPolicy(
  withReauthentication(createClient({ fetch: fetchInPickedLanguage })),
);
