/// <reference path="./oidc-provider.d.ts" />
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcAccount } from 'oidc-provider';
import { CookieJar } from './cookie-jar.ts';

/** Claims a test user carries; the login name typed on the provider's page is the `sub`. */
export interface OidcTestUser {
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  /** Any further claims (Microsoft's `oid` and `tid`, for instance). */
  [claim: string]: unknown;
}

export interface OidcTestProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** login name -> claims; the map stays live, so tests may add users later. */
  users: Record<string, OidcTestUser>;
  /** Access-token lifetime in seconds; default 3600. */
  accessTokenTTL?: number;
}

export interface OidcTestProvider {
  /** e.g. http://127.0.0.1:41235 — the discovery document is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  users: Record<string, OidcTestUser>;
  /** The `kid` of the key the provider signs id tokens with now. */
  currentKid(): string;
  /** Replaces the signing key with a new one (new `kid`); the old one is no longer published. */
  rotateKeys(): void;
  /** Sets the client's redirect URIs (known only once the server under test listens). */
  setRedirectUris(uris: string[]): void;
  /** Tokens issued directly to the test client (code flow done here), e.g. an id token for idToken sign-in. */
  issueTokens(login: string, extra?: { nonce?: string; scope?: string }): Promise<OidcTokenSet>;
  close(): Promise<void>;
}

export interface OidcTokenSet {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
}

/**
 * A real OpenID provider (the `oidc-provider` package) on loopback, configured with one
 * confidential client and a few users. Its development login and consent pages stay on, so a
 * browser can click through them; `completeProviderLogin` does the same over plain HTTP.
 */
export async function startOidcTestProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  let current: Provider | undefined;
  // The server listens before the provider exists: the provider's issuer needs the server's port.
  const server: Server = createServer((req, res) => {
    if (current) return current.callback()(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookieKeys = [randomBytes(16).toString('hex')];
  // Direct token requests (issueTokens) land on this URI; nothing needs to listen there.
  const directRedirect = `${issuer}/test-direct-callback`;
  let kid = '';
  let jwk: Record<string, unknown> = {};
  let redirectUris = options.redirectUris;

  // Sessions, grants and codes live in oidc-provider's module-wide memory store, so a rebuilt
  // instance (new key, new redirect URIs) keeps them.
  const build = () => {
    current = new Provider(
      issuer,
      providerConfiguration({ ...options, redirectUris }, directRedirect, jwk, cookieKeys),
    );
  };
  const newKey = () => {
    kid = randomBytes(8).toString('hex');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  };
  newKey();
  build();

  return {
    issuer,
    users: options.users,
    currentKid: () => kid,
    rotateKeys() {
      newKey();
      build();
    },
    setRedirectUris(uris) {
      redirectUris = uris;
      build();
    },
    async issueTokens(login, extra = {}) {
      const url = new URL(`${issuer}/auth`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', directRedirect);
      url.searchParams.set('scope', extra.scope ?? 'openid email profile');
      url.searchParams.set('state', randomBytes(8).toString('hex'));
      if (extra.nonce) url.searchParams.set('nonce', extra.nonce);
      // The provider requires PKCE of every client, as it should; this client follows the rules too.
      const verifier = randomBytes(32).toString('base64url');
      url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
      url.searchParams.set('code_challenge_method', 'S256');
      const callback = await completeProviderLogin(url.toString(), login);
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: callback.searchParams.get('code') ?? '',
          redirect_uri: directRedirect,
          code_verifier: verifier,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }),
      });
      if (!response.ok) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as OidcTokenSet;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function providerConfiguration(
  options: OidcTestProviderOptions,
  directRedirect: string,
  jwk: Record<string, unknown>,
  cookieKeys: string[],
): Record<string, unknown> {
  return {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [...options.redirectUris, directRedirect],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: cookieKeys },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // Every claim in the id token too, as Google's and Microsoft's tokens carry them.
    conformIdTokenClaims: false,
    // A refresh token for every code grant, without the offline_access consent dance.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: options.accessTokenTTL ?? 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
      RefreshToken: 86_400,
    },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx: unknown, sub: string): Promise<OidcAccount | undefined> => {
      const user = options.users[sub];
      if (!user) return undefined;
      return { accountId: sub, claims: () => ({ ...user, sub }) };
    },
  };
}

/**
 * Walks the provider's own login and consent pages over HTTP (as a person would in a browser)
 * and returns the URL the provider finally redirects to: the client's redirect URI with `code`
 * and `state`, or with `error=access_denied` when `deny` is set.
 */
export async function completeProviderLogin(
  authorizationUrl: string,
  login: string,
  { deny = false }: { deny?: boolean } = {},
): Promise<URL> {
  const jar = new CookieJar();
  const step = async (url: string, method = 'GET', form?: Record<string, string>) => {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    jar.store(response);
    const body = await response.text();
    const location = response.headers.get('location');
    return { next: location ? new URL(location, url).toString() : null, body };
  };

  const origin = new URL(authorizationUrl).origin;
  let { next } = await step(authorizationUrl);
  for (let hops = 0; next && hops < 12; hops++) {
    // Anything that is not the provider's own pages is the client's redirect URI.
    if (!next.startsWith(origin) || /[?&](code|error)=/.test(next)) return new URL(next);
    const interaction = /\/interaction\/([^/?]+)$/.exec(new URL(next).pathname);
    if (!interaction) {
      ({ next } = await step(next));
      continue;
    }
    const page = await step(next);
    if (deny) {
      ({ next } = await step(`${origin}/interaction/${interaction[1]}/abort`));
      continue;
    }
    // The page holds either the login form or the consent form; submit what it asks for.
    const form: Record<string, string> = page.body.includes('name="prompt" value="login"')
      ? { prompt: 'login', login, password: 'any' }
      : { prompt: 'consent' };
    ({ next } = await step(next, 'POST', form));
  }
  throw new Error(`the provider did not redirect back to the client (last: ${next})`);
}
