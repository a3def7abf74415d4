/**
 * The headers every HTML page Gatehouse serves carries (apps/server/README.md#security-headers-and-the-dev-outbox),
 * with the page's own Content-Security-Policy. `frame-ancestors 'none'` and, for browsers older than
 * it, `X-Frame-Options: DENY` keep the page out of other sites' frames (clickjacking a sign-in or a
 * delete button). The referrer goes to this origin only: links carrying a token in their URL (a
 * password reset) never leak it to an image host or a provider, and same-origin POSTs keep their
 * `Origin` (a `no-referrer` page sends `Origin: null`, which the origin check refuses).
 */
export function securityHeaders(contentSecurityPolicy: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };
}

/** A page of plain HTML: no script, no style, no image, no form, in no frame. */
export const PLAIN_PAGE_POLICY =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
