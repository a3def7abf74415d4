import { cookieDomainCovers } from '@gatehouse/core';
import { type AppLinks, readAppLinks } from '../app-links.ts';
import { readTrustedOrigins } from './trusted-origins.ts';
import { type Env, variableReader } from './variables.ts';

/** Which other sites the server trusts, where emailed links land, and how far its cookies reach. */
export interface OriginsConfig {
  /** TRUSTED_ORIGINS, plus APP_URL's origin when it is set. */
  trustedOrigins: string[];
  /** `Domain=` of every auth cookie, so sibling subdomains share the session; unset: host-only. */
  cookieDomain: string | undefined;
  /** Where emailed links land when the app hosts its own pages; empty: Gatehouse's pages. */
  appLinks: AppLinks;
}

/** Reads TRUSTED_ORIGINS, APP_URL and its links (app-links.ts), and COOKIE_DOMAIN against BASE_URL. */
export function readOrigins(env: Env, baseURL: string, problems: string[]): OriginsConfig {
  const read = variableReader(env, problems);
  const trustedOrigins = readTrustedOrigins(env, problems);
  const appLinks = readAppLinks(env, baseURL, trustedOrigins, problems);
  const appOrigin = appLinks.appURL ? new URL(appLinks.appURL).origin : undefined;
  if (appOrigin && appOrigin !== baseURL && !trustedOrigins.includes(appOrigin))
    trustedOrigins.push(appOrigin);
  const cookieDomain = read.value(
    'COOKIE_DOMAIN',
    undefined as string | undefined,
    (raw) => raw.trim().replace(/^\./, '').toLowerCase() || undefined,
    'a domain name such as example.com',
  );
  const baseHost = new URL(baseURL).hostname;
  if (cookieDomain && !cookieDomainCovers(cookieDomain, baseHost))
    problems.push(
      `COOKIE_DOMAIN: expected ${baseHost} (BASE_URL's host) or a parent domain of it, got '${env.COOKIE_DOMAIN}'`,
    );
  return { trustedOrigins, cookieDomain, appLinks };
}
