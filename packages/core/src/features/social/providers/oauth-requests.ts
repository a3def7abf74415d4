import type { AuthorizationInput, OAuthTokens, ProviderSettings } from './provider.ts';

/** Keys a request's extra parameters may never set (docs/protocol/social.md#request-body). */
export const RESERVED_PARAMS = [
  'state',
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'nonce',
  'scope',
];

export interface AuthorizationShape {
  endpoint: string;
  responseType?: string;
  usesPkce: boolean;
  /** Provider-specific parameters (prompt, access_type…), added after the standard ones. */
  extras?: Record<string, string | undefined>;
  /** The provider forwards `login_hint` (GitHub, Google, GitLab, Microsoft, generic). */
  acceptsLoginHint: boolean;
}

/**
 * Builds the authorization URL in the protocol's parameter order (docs/protocol/social.md#authorization-url):
 * standard parameters, then PKCE, then the provider's extras, then the request's additional parameters. A
 * parameter already in the configured endpoint is replaced; the rest of its query is kept.
 */
export function buildAuthorizationURL(
  settings: ProviderSettings,
  shape: AuthorizationShape,
  input: AuthorizationInput,
  codeChallenge: string | undefined,
): URL {
  const url = new URL(shape.endpoint);
  const set = (key: string, value: string | undefined) => {
    if (value !== undefined && value !== '') url.searchParams.set(key, value);
  };
  set('response_type', shape.responseType ?? 'code');
  set('client_id', settings.clientIds[0]);
  set('state', input.state);
  set('scope', input.scopes.join(' '));
  set('redirect_uri', input.redirectURI);
  if (shape.acceptsLoginHint) set('login_hint', input.loginHint);
  set('nonce', input.nonce);
  if (shape.usesPkce && codeChallenge) {
    set('code_challenge_method', 'S256');
    set('code_challenge', codeChallenge);
  }
  for (const [key, value] of Object.entries({ ...shape.extras, ...input.additionalParams })) {
    if (!RESERVED_PARAMS.includes(key)) set(key, value);
  }
  return url;
}

/** A provider answered with something the flow cannot use; the message names what, never a secret. */
export class OAuthRequestError extends Error {
  override name = 'OAuthRequestError';
}

/**
 * One server-side request to a provider. Redirects are refused (docs/protocol/social.md#token-requests: a 3xx
 * could point the server at internal addresses), non-2xx answers and non-JSON bodies fail.
 */
export async function fetchJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { accept: 'application/json', ...init.headers },
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status >= 300 && response.status < 400) {
    throw new OAuthRequestError(`${url} answered a redirect`);
  }
  const text = await response.text();
  if (!response.ok) throw new OAuthRequestError(`${url} answered ${response.status}`);
  const data: unknown = JSON.parse(text);
  if (typeof data !== 'object' || data === null) throw new OAuthRequestError(`${url} answered no object`);
  return data as Record<string, unknown>;
}

export interface TokenRequest {
  endpoint: string;
  settings: ProviderSettings;
  /** `client_secret_basic` for providers that want HTTP Basic; default client_secret_post. */
  basicAuth?: boolean;
}

/** POSTs a token-endpoint form (code exchange or refresh) and normalises the answer. */
export async function postTokenRequest(
  request: TokenRequest,
  fields: Record<string, string | undefined>,
): Promise<OAuthTokens> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const { clientIds, clientSecret } = request.settings;
  if (request.basicAuth && clientSecret) {
    headers.authorization = `Basic ${Buffer.from(`${clientIds[0]}:${clientSecret}`).toString('base64')}`;
  } else {
    const [clientId] = clientIds;
    if (clientId !== undefined) form.set('client_id', clientId);
    if (clientSecret) form.set('client_secret', clientSecret);
  }
  const data = await fetchJson(request.endpoint, { method: 'POST', headers, body: form.toString() });
  // GitHub answers 200 with {"error": …} for a bad code.
  if (typeof data.error === 'string') throw new OAuthRequestError(`token endpoint error ${data.error}`);
  return parseTokens(data);
}

export function parseTokens(data: Record<string, unknown>): OAuthTokens {
  const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const seconds = (value: unknown) => {
    const n = typeof value === 'string' ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
  };
  const scope = data.scope;
  const scopes = Array.isArray(scope)
    ? scope.filter((s): s is string => typeof s === 'string')
    : typeof scope === 'string'
      ? scope.split(/\s+/).filter(Boolean)
      : [];
  return {
    accessToken: str(data.access_token),
    refreshToken: str(data.refresh_token),
    idToken: str(data.id_token),
    tokenType: str(data.token_type),
    accessTokenExpiresIn: seconds(data.expires_in),
    refreshTokenExpiresIn: seconds(data.refresh_token_expires_in),
    scopes,
  };
}

/**
 * The code exchange of docs/protocol/social.md#token-requests: grant, code, verifier (with PKCE), redirect
 * URI, client auth.
 */
export function exchangeAuthorizationCode(
  request: TokenRequest,
  code: string,
  codeVerifier: string | undefined,
  redirectURI: string,
): Promise<OAuthTokens> {
  return postTokenRequest(request, {
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    redirect_uri: redirectURI,
  });
}

/** A refresh (docs/protocol/social.md#token-requests); a response without an access token is a failure. */
export async function refreshAccessToken(
  request: TokenRequest,
  refreshToken: string,
  extra: Record<string, string> = {},
): Promise<OAuthTokens> {
  const tokens = await postTokenRequest(request, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    ...extra,
  });
  if (!tokens.accessToken) throw new OAuthRequestError('refresh answered no access token');
  return tokens;
}

/**
 * `emailVerified` accepts true, false, "true" and "false"; anything else is false
 * (docs/protocol/social.md#user-resolution).
 */
export const isTrue = (value: unknown): boolean => value === true || value === 'true';

/** Scope order (docs/protocol/social.md#scope-order): defaults, configured, requested. */
export function scopesFor(defaults: string[], configured: BaseScopes, requested: string[] = []): string[] {
  return [...(configured.disableDefaultScope ? [] : defaults), ...(configured.scope ?? []), ...requested];
}

interface BaseScopes {
  scope?: string[];
  disableDefaultScope?: boolean;
}
