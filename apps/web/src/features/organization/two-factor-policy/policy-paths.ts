import { paths } from '../../../config/paths.ts';
import { sameSitePath } from '../../../lib/same-site-path.ts';

/** The Security page's address when an organization requires two-factor: which one, and the page to return to. */
export function securityPathFor(organizationId: string | null, back: string): string {
  const query = new URLSearchParams();
  if (organizationId) query.set('requiredBy', organizationId);
  query.set('back', back);
  return `${paths.accountSecurity}?${query}`;
}

/** What the Security page reads back: the organization, and a same-site page to return to. */
export function policyFromSearch(
  params: URLSearchParams,
): { organizationId: string | null; back: string | null } | null {
  const back = sameSitePath(params.get('back'));
  const organizationId = params.get('requiredBy');
  if (organizationId === null && back === null) return null;
  return { organizationId, back };
}
