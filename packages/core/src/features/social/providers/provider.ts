/** Tokens as a provider's token endpoint gives them, normalised (docs/protocol/social.md#token-requests). */
export interface OAuthTokens {
  accessToken?: string;
  refreshToken?: string;
  idToken?: string;
  tokenType?: string;
  /** Lifetimes in seconds as the provider gave them; the engine turns them into dates with its clock. */
  accessTokenExpiresIn?: number;
  refreshTokenExpiresIn?: number;
  scopes: string[];
}

/** What a provider says about the person: the stable account id, the mapped user, the raw profile. */
export interface ProviderProfile {
  /**
   * Always read from the raw profile (docs/protocol/social.md#providers): `oid` for Microsoft, `sub` or `id`
   * elsewhere.
   */
  accountId: string | null;
  user: { name: string; email: string | null; emailVerified: boolean; image: string | null };
  data: Record<string, unknown>;
}

export interface AuthorizationInput {
  state: string;
  codeVerifier: string;
  redirectURI: string;
  scopes: string[];
  loginHint?: string;
  nonce?: string;
  additionalParams?: Record<string, string>;
}

export interface UserInfoInput {
  tokens: OAuthTokens;
  /** The nonce stored in the state, for providers that bind id tokens to one. */
  nonce?: string;
  /** Apple posts the user's name as JSON on the first consent only. */
  postedUser?: unknown;
  /** The id token was verified already (a client-submitted one, checked against its own nonce). */
  idTokenVerified?: boolean;
  /** For /account-info: the current profile from the userinfo endpoint, not a stored id token. */
  forAccountInfo?: boolean;
}

/**
 * One social provider, built once from configuration. Each method is one HTTP exchange with the
 * provider; the engine's flows (sign-in, callback, link, token routes) drive them.
 */
export interface SocialProvider {
  id: string;
  name: string;
  settings: ProviderSettings;
  /** Issuer compared with the callback's `iss` (RFC 9207); only discovered OpenID providers have one. */
  issuer?: () => Promise<string | undefined>;
  /** A nonce goes into the authorization URL and the state, and the id token must echo it. */
  requiresNonce: boolean;
  authorizationURL(input: AuthorizationInput): Promise<URL>;
  exchangeCode(code: string, codeVerifier: string, redirectURI: string): Promise<OAuthTokens>;
  userInfo(input: UserInfoInput): Promise<ProviderProfile | null>;
  refresh?(refreshToken: string): Promise<OAuthTokens>;
  /**
   * Set for providers that accept client-submitted id tokens (docs/protocol/social.md#id-token-verification).
   */
  verifyIdToken?(token: string, nonce: string | undefined): Promise<boolean>;
}

/** The settings every provider shares (docs/protocol/social.md#options, per-provider options). */
export interface ProviderSettings {
  /** The primary client id first; every entry is accepted as an id-token audience. */
  clientIds: string[];
  clientSecret: string | undefined;
  redirectURI: string | undefined;
  disableIdTokenSignIn: boolean;
  disableImplicitSignUp: boolean;
  disableSignUp: boolean;
  overrideUserInfoOnSignIn: boolean;
}
