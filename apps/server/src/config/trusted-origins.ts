import { trustsEverySite } from '@gatehouse/core';
import { type Env, parseHttpOrigin } from './variables.ts';

/**
 * Reads TRUSTED_ORIGINS: comma-separated exact http(s) origins, or subdomain wildcards written as
 * `https://*.example.com` (the `*` a whole first label, over a domain of two or more labels, a port
 * allowed). Anything broader or malformed is one problem line per entry: a trusted origin gets
 * credentialed CORS, passes the CSRF check and receives emailed tokens, so a slip must never
 * start up trusting everyone (`*`, `http://*`) or a whole scheme and port range (`*.example.com`).
 */
export function readTrustedOrigins(env: Env, problems: string[]): string[] {
  const entries = (env.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const accepted: string[] = [];
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) problems.push(`TRUSTED_ORIGINS: ${problem}`);
    else accepted.push(entry);
  }
  return accepted;
}

function entryProblem(entry: string): string | undefined {
  if (!entry.includes('*')) {
    if (isExactOrigin(entry)) return undefined;
    return `expected an http(s) origin such as https://app.example.com (no path, query, trailing slash or empty label), got '${entry}'`;
  }
  if (trustsEverySite(entry))
    return `expected an origin or a subdomain wildcard, got '${entry}' (it would trust every site): list each origin, such as https://app.example.com, or write https://*.example.com`;
  if (!entry.includes('://') && wildcardProblem(`https://${entry}`) === undefined)
    return `expected a scheme on a wildcard, got '${entry}' (it would trust http:// and every port too): write https://${entry}`;
  return wildcardProblem(entry);
}

/** `http(s)://*.` followed by the host (and port) of an exact origin with two or more labels. */
function wildcardProblem(entry: string): string | undefined {
  const [, scheme, rest = ''] = /^(https?:\/\/)\*\.([^*]*)$/i.exec(entry) ?? [];
  // A fixed first label in place of the wildcard must give an exact origin, letter case aside.
  if (!scheme || !isExactOrigin(`${scheme}x.${rest}`.toLowerCase()))
    return `expected a wildcard only as the whole first label of an http(s) origin, such as https://*.example.com, got '${entry}'`;
  if (!rest.replace(/:\d+$/, '').includes('.'))
    return `expected a wildcard under a domain of two or more labels, such as https://*.example.com, got '${entry}'`;
  return undefined;
}

/** A bare http(s) origin as the URL parser writes it (lower case, default port dropped), no label empty. */
function isExactOrigin(entry: string): boolean {
  const origin = parseHttpOrigin(entry);
  return origin === entry && !new URL(origin).hostname.split('.').includes('');
}
