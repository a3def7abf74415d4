/**
 * Who is calling, as the request presents it: which credential it carries, not yet whose session
 * it is (the session is still looked up lazily and once, `session/require-session.ts`). A new kind
 * of caller is a new member here and a resolver in this folder (CONTRIBUTING.md#adding-a-kind-of-caller);
 * the pipeline only passes the principal on.
 */
export type Principal = CookiePrincipal | BearerPrincipal | ApiKeyPrincipal | AnonymousPrincipal;

/** A browser's session cookie, which the browser attaches to cross-site requests too. */
export interface CookiePrincipal {
  readonly kind: 'cookie';
}

/** An `Authorization: Bearer` token standing in for the session cookie (`session/bearer-token.ts`). */
export interface BearerPrincipal {
  readonly kind: 'bearer';
}

/**
 * An `x-api-key` header (with the API-key feature on). The key itself is kept for the session step
 * that validates it and must never be logged or answered (docs/protocol/api-key.md#decisions-for-gatehouse, K4).
 */
export interface ApiKeyPrincipal {
  readonly kind: 'apiKey';
  readonly key: string;
}

/** No credential at all: a signed-out browser, or a client that sends none. */
export interface AnonymousPrincipal {
  readonly kind: 'anonymous';
}

export type PrincipalKind = Principal['kind'];

/** Shared and frozen: principals without data of their own cost nothing per request. */
export const ANONYMOUS: AnonymousPrincipal = Object.freeze({ kind: 'anonymous' });

/**
 * Every kind but an API key, for a route's `accepts`: the routes a key session must not reach
 * because they change a stored session (there is none behind a key) or would let a key grow its
 * own power (docs/protocol/api-key.md#decisions-for-gatehouse, K3 and K5).
 */
export const NOT_BY_API_KEY: readonly PrincipalKind[] = Object.freeze(['cookie', 'bearer', 'anonymous']);
