/**
 * Who is calling, as the request presents it: which credential it carries, not yet whose session
 * it is (the session is still looked up lazily and once, `session/require-session.ts`). A new kind
 * of caller is a new member here and a resolver in this folder (CONTRIBUTING.md#adding-a-kind-of-caller);
 * the pipeline only passes the principal on.
 */
export type Principal = CookiePrincipal | BearerPrincipal | AnonymousPrincipal;

/** A browser's session cookie, which the browser attaches to cross-site requests too. */
export interface CookiePrincipal {
  readonly kind: 'cookie';
}

/** An `Authorization: Bearer` token standing in for the session cookie (`session/bearer-token.ts`). */
export interface BearerPrincipal {
  readonly kind: 'bearer';
}

/** No credential at all: a signed-out browser, or a client that sends none. */
export interface AnonymousPrincipal {
  readonly kind: 'anonymous';
}

export type PrincipalKind = Principal['kind'];

/** Shared and frozen: principals without data of their own cost nothing per request. */
export const ANONYMOUS: AnonymousPrincipal = Object.freeze({ kind: 'anonymous' });
