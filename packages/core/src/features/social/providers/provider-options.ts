/** Remote key-set fetching; defaults are the spec's (section 9): 5 s timeout, 30 s cooldown, 10 min cache. */
export interface KeySetFetchOptions {
  timeoutMs?: number;
  cooldownMs?: number;
  cacheMaxAgeMs?: number;
}

/** Options every provider accepts. Endpoint URLs are overridable so tests can use local servers. */
export interface BaseProviderOptions {
  /** A string, or a list whose first entry is used for requests and all entries as id-token audiences. */
  clientId: string | string[];
  clientSecret?: string;
  /** Extra scopes after the provider's defaults. */
  scope?: string[];
  disableDefaultScope?: boolean;
  /** Default `{base}/callback/{providerId}`. */
  redirectURI?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userInfoEndpoint?: string;
  /** Refuse client-submitted id tokens even where the provider supports them. */
  disableIdTokenSignIn?: boolean;
  /** No new users unless the sign-in request asks with `requestSignUp`. */
  disableImplicitSignUp?: boolean;
  disableSignUp?: boolean;
  /** Copy name, image and email from the provider on every sign-in. */
  overrideUserInfoOnSignIn?: boolean;
  /** `false` leaves the provider unregistered. */
  enabled?: boolean;
  keySet?: KeySetFetchOptions;
}

export interface GoogleOptions extends BaseProviderOptions {
  /** Key set and issuer of id tokens; defaults are Google's. */
  jwksEndpoint?: string;
  issuer?: string;
  accessType?: 'offline' | 'online';
  prompt?: string;
  /** Hosted domain: the id token's `hd` claim must equal it (`*`: any). */
  hd?: string;
}

export interface MicrosoftOptions extends BaseProviderOptions {
  /** Default `common`. */
  tenantId?: string;
  /** Default `https://login.microsoftonline.com`. */
  authority?: string;
  jwksEndpoint?: string;
  /** Graph photo endpoint; default `https://graph.microsoft.com/v1.0/me/photos/48x48/$value`. */
  photoEndpoint?: string;
  disableProfilePhoto?: boolean;
}

export interface GitHubOptions extends BaseProviderOptions {
  /** Default `https://api.github.com/user/emails`. */
  emailsEndpoint?: string;
}

export interface GitLabOptions extends BaseProviderOptions {
  /** Self-hosted GitLab; default `https://gitlab.com`. */
  issuer?: string;
}

export interface AppleOptions extends BaseProviderOptions {
  jwksEndpoint?: string;
  issuer?: string;
  /** Accepted id-token audiences; default the client ids. */
  audience?: string | string[];
  appBundleIdentifier?: string;
}

/**
 * A generic OpenID Connect provider found through its discovery document
 * (docs/protocol/social.md#generic-openid-connect).
 */
export interface GenericOidcOptions extends BaseProviderOptions {
  providerId: string;
  /** Display name; default the provider id. */
  name?: string;
  /** The issuer; its discovery document is `{issuer}/.well-known/openid-configuration`. */
  issuer?: string;
  /** Explicit discovery URL; wins over `issuer`. */
  discoveryUrl?: string;
  /** Default true. */
  pkce?: boolean;
  /** Default false: discovered OpenID providers bind id tokens to a nonce. */
  disableIdTokenNonceBinding?: boolean;
}

/** `socialProviders` in the engine options: the built-in providers by id, plus generic OpenID ones. */
export interface SocialProvidersOptions {
  github?: GitHubOptions;
  google?: GoogleOptions;
  microsoft?: MicrosoftOptions;
  discord?: BaseProviderOptions;
  gitlab?: GitLabOptions;
  apple?: AppleOptions;
  /** Generic OpenID Connect providers, each under its own `providerId`. */
  oidc?: GenericOidcOptions[];
}
