/** Wire shapes of the Gatehouse API (dates are ISO strings). */
export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: string;
  updatedAt: string;
  [additional: string]: unknown;
}

export interface Session {
  id: string;
  token: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** The admin acting, when this is an impersonation session. */
  impersonatedBy?: string | null;
}

export interface SessionData {
  session: Session;
  user: User;
}

export interface Status {
  status: boolean;
}

/** A user as admin endpoints return it: role and ban fields included. */
export interface AdminUser extends User {
  role: string | null;
  banned: boolean | null;
  banReason: string | null;
  banExpires: string | null;
}

export interface AdminSession extends Session {
  impersonatedBy: string | null;
}

/** One way of signing in to a user, as /list-accounts returns it (tokens and password left out). */
export interface Account {
  /** The row id: what /unlink-account, /get-access-token and /account-info take. */
  id: string;
  /** `credential` for email + password, else the social provider's id. */
  providerId: string;
  /** The id of the person at the provider (the user id for `credential`). */
  accountId: string;
  userId: string;
  createdAt: string;
  updatedAt: string;
  scopes: string[];
  [additional: string]: unknown;
}

/** The answer of /sign-in/social and /link-social: where the browser goes next. */
export interface SocialRedirect {
  url: string;
  redirect: boolean;
  /** Only in link-social's id-token mode. */
  status?: boolean;
}

/** A provider's id token, for sign-in and linking without a redirect. */
export interface IdTokenInput {
  token: string;
  nonce?: string;
  accessToken?: string;
  refreshToken?: string;
  expiresAt?: number;
  user?: { name?: { firstName?: string; lastName?: string }; email?: string };
}

/** A provider access token of one of the caller's accounts; absent values are left out. */
export interface AccessToken {
  accessToken?: string;
  accessTokenExpiresAt?: string;
  scopes?: string[];
  idToken?: string;
}

export interface RefreshedToken extends AccessToken {
  refreshToken?: string;
  refreshTokenExpiresAt?: string;
  /** The stored comma-separated scope string. */
  scope?: string;
  providerId: string;
  /** The account row id. */
  accountId: string;
}

export interface AccountInfo {
  user: {
    name?: string;
    email?: string | null;
    image?: string | null;
    emailVerified?: boolean;
    [mapped: string]: unknown;
  };
  /** The provider's raw profile. */
  data: Record<string, unknown>;
  account: { id: string; providerId: string; accountId: string };
}
