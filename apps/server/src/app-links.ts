import { createOriginMatcher } from '@gatehouse/core';

/** The pages of an app that hosts its own screens, where emailed links land (docs/app-integration.md#emailed-links). */
export interface AppLinks {
  /** APP_URL itself: its origin is trusted and the other links default to pages under it. */
  appURL?: string;
  verifyEmail?: string;
  resetPassword?: string;
  changeEmail?: string;
  /** A URL with `{id}` for the invitation id, or one that gets `?invitationId=<id>`. */
  invitation?: string;
  /** The Security activity page that sign-in alerts and change notices link to. */
  securityActivity?: string;
}

type Env = Record<string, string | undefined>;

/** Each link, its variable and its default under APP_URL (the paths Gatehouse's own web app uses). */
const LINKS = [
  ['verifyEmail', 'APP_VERIFY_EMAIL_URL', ''],
  ['resetPassword', 'APP_RESET_PASSWORD_URL', '/reset-password'],
  ['changeEmail', 'APP_CHANGE_EMAIL_URL', ''],
  ['invitation', 'APP_INVITATION_URL', '/accept-invitation/{id}'],
  ['securityActivity', 'APP_SECURITY_ACTIVITY_URL', '/account/activity'],
] as const;

/**
 * Reads APP_URL and the per-message overrides. Every link must sit on a trusted origin (BASE_URL,
 * APP_URL or TRUSTED_ORIGINS), since the engine redirects to it after checking a token; a link
 * that is not is a problem line, never a silent open redirect.
 */
export function readAppLinks(
  env: Env,
  baseURL: string,
  trustedOrigins: string[],
  problems: string[],
): AppLinks {
  const raw = (name: string) => (env[name] === '' ? undefined : env[name]?.trim());
  const links: AppLinks = {};
  const appURLRaw = raw('APP_URL');
  if (appURLRaw !== undefined) {
    // Pages are joined under it, so it takes no query.
    const appURL = appURLRaw.includes('?') ? undefined : parsePageURL(appURLRaw);
    if (appURL) links.appURL = appURL;
    else
      problems.push(`APP_URL: expected an http(s) URL such as https://app.example.com, got '${appURLRaw}'`);
  }
  const trusted = createOriginMatcher(
    [baseURL, ...trustedOrigins, ...(links.appURL ? [new URL(links.appURL).origin] : [])],
    baseURL,
  );
  for (const [key, name, path] of LINKS) {
    const value = raw(name);
    if (value === undefined) {
      if (links.appURL) links[key] = `${links.appURL}${path}`;
      continue;
    }
    const url = parsePageURL(value);
    if (!url)
      problems.push(`${name}: expected an http(s) URL such as https://app.example.com/page, got '${value}'`);
    else if (!trusted.isTrustedOrigin(url))
      problems.push(
        `${name}: expected a URL on BASE_URL, APP_URL or a TRUSTED_ORIGINS origin, got '${value}'`,
      );
    else links[key] = url;
  }
  return links;
}

/** The invitation page for one invitation: `{id}` replaced, or `invitationId` added to the query. */
export function invitationLink(template: string, invitationId: string): string {
  const id = encodeURIComponent(invitationId);
  if (template.includes('{id}')) return template.replaceAll('{id}', id);
  const url = new URL(template);
  url.searchParams.set('invitationId', invitationId);
  return url.toString();
}

/** An absolute http(s) page URL without a fragment; a trailing slash is dropped so paths join cleanly. */
function parsePageURL(raw: string): string | undefined {
  try {
    const url = new URL(raw.replaceAll('{id}', 'id'));
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hash || url.username) return undefined;
    return raw.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}
