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

/** Where a session's address is, approximately (`GET /session-locations`, when GEOIP is on). */
export interface IpLocation {
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  region: string | null;
  city: string | null;
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
  /** The organization the person works in now (null: their personal space). */
  activeOrganizationId?: string | null;
  /** The team the person works in now, when teams are on. */
  activeTeamId?: string | null;
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

/** One organization a user belongs to, as the admin user page lists them. */
export interface AdminMembership {
  memberId: string;
  role: string;
  joinedAt: string;
  organization: { id: string; name: string; slug: string; logo: string | null };
}

export interface AdminSession extends Session {
  impersonatedBy: string | null;
}

/** resource → actions, as permission checks and custom roles carry them. */
export type Permissions = Record<string, string[]>;

/**
 * An organization. `metadata` is a parsed object after create/update and the stored JSON text on
 * every read (docs/protocol/organization.md#wire-shapes), so readers must handle both.
 */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: string;
  metadata?: Record<string, unknown> | string | null;
  /** Gatehouse's two-factor policy (docs/api.md#two-factor-policy): members must have two-factor on. */
  requireTwoFactor?: boolean;
  [additional: string]: unknown;
}

/** A membership; `role` is a comma-separated list of role names. */
export interface Member {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string;
}

export interface MemberWithUser extends Member {
  user: { id: string; name: string; email: string; image: string | null };
}

export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

export interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  /** Comma-joined team ids; present only when teams are on. */
  teamId?: string | null;
  status: InvitationStatus;
  expiresAt: string;
  createdAt: string;
  inviterId: string;
}

/** What the recipient reads before answering an invitation. */
export interface InvitationDetails extends Invitation {
  organizationName: string;
  organizationSlug: string;
  inviterEmail: string;
}

/** What a person who is not signed in yet may see of an invitation whose link they hold. */
export interface InvitationPreview {
  id: string;
  email: string;
  role: string;
  expiresAt: string;
  organizationName: string;
  organizationLogo: string | null;
  inviterName: string | null;
}

export interface Team {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string | null;
}

export interface TeamMember {
  id: string;
  teamId: string;
  userId: string;
  createdAt: string;
}

/** A custom role stored for one organization. */
export interface OrganizationRole {
  id: string;
  organizationId: string;
  role: string;
  permission: Permissions;
  createdAt: string;
  updatedAt: string | null;
  [additional: string]: unknown;
}

/** get-full-organization: `teams` is present only when teams are on. */
export interface FullOrganization extends Organization {
  members: MemberWithUser[];
  invitations: Invitation[];
  teams?: (Team & { memberCount?: number })[];
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

/**
 * A passkey as every passkey route answers it (docs/api.md#routes). `deviceType` is `singleDevice`
 * or `multiDevice`; `backedUp` says the credential is synced; `lastUsedAt` is Gatehouse's.
 */
export interface Passkey {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  createdAt: string | null;
  aaguid: string | null;
  lastUsedAt: string | null;
}

/** One security event (docs/security-activity.md#events). */
export interface SecurityEvent {
  id: string;
  type: string;
  occurredAt: string;
  outcome: 'success' | 'failure';
  actor: {
    type: 'user' | 'admin' | 'system' | 'anonymous';
    id: string | null;
    email: string | null;
    impersonatorId: string | null;
  };
  target: { type: string; id: string } | null;
  organizationId: string | null;
  sessionId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  errorCode: string | null;
  metadata: Record<string, unknown>;
}

/** A page of security events, newest first; `nextCursor` is null on the last page. */
export interface SecurityEventPage {
  events: SecurityEvent[];
  nextCursor: string | null;
}

/** The filters every events route takes (all optional; `type` exact or a prefix such as `user.*`). */
export interface SecurityEventFilters {
  type?: string;
  actorId?: string;
  targetId?: string;
  organizationId?: string;
  /** One session's events, by its id (never its token). */
  sessionId?: string;
  outcome?: 'success' | 'failure';
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
}

/**
 * An API key as get, list and update answer it (docs/protocol/api-key-client.md#the-key-object):
 * every stored field but the secret. `start` is the key's first characters (its prefix included),
 * for telling keys apart; `lastRequest` is when it was last used; `referenceId` is the owner (a
 * user, or an organization for `configId: "organization"`). Dates are ISO strings.
 */
export interface ApiKey {
  id: string;
  configId: string;
  name: string | null;
  start: string | null;
  referenceId: string;
  prefix: string | null;
  refillInterval: number | null;
  refillAmount: number | null;
  lastRefillAt: string | null;
  enabled: boolean | null;
  rateLimitEnabled: boolean | null;
  rateLimitTimeWindow: number | null;
  rateLimitMax: number | null;
  requestCount: number | null;
  remaining: number | null;
  lastRequest: string | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  permissions: Permissions | null;
  metadata: Record<string, unknown> | null;
  /** Gatehouse's own (docs/protocol/api-key.md K11): the last use's address and user agent. */
  lastRequestIp?: string | null;
  lastRequestUserAgent?: string | null;
}

/** The create answer: the key object with the whole key, which no later answer carries again. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

/**
 * introspect's answer (docs/protocol/api-key.md K12): whether the presented key is valid, the
 * refusal when it is not, the key object (never the secret) and whom it answers for: a personal
 * key's owner, or an organization key's organization and the member who made it.
 */
export type ApiKeyIntrospection =
  | {
      valid: true;
      error: null;
      key: ApiKey;
      owner: { userId: string | null; organizationId: string | null };
    }
  | { valid: false; error: { message: string; code: string }; key: null; owner: null };

/** list's answer: `total` counts every matching key; `limit` and `offset` only when they were sent. */
export interface ApiKeyList {
  apiKeys: ApiKey[];
  total: number;
  limit?: number;
  offset?: number;
}

/**
 * A webhook endpoint (docs/protocol/webhooks.md#2-endpoint-object). Its secret is never part of it:
 * create-endpoint and rotate-secret answer it once, beside the object.
 */
export interface WebhookEndpoint {
  id: string;
  url: string;
  /** Event types, `<group>.*` prefixes or `*`; 1–100, each once. */
  events: string[];
  /** null for a server-wide endpoint. */
  organizationId: string | null;
  description: string | null;
  enabled: boolean;
  /** True after 3 failed attempts in a row; the next 2xx answer clears it. */
  failing: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Why an attempt got no HTTP answer (docs/protocol/webhooks.md#46-get-webhookslist-deliveriesendpointidlimitcursor). */
export type WebhookAttemptError = 'timeout' | 'connection_failed' | 'tls' | 'private_address';

/** One attempt of a delivery. */
export interface WebhookAttempt {
  attempt: number;
  startedAt: string;
  /** null when no HTTP answer came. */
  responseStatus: number | null;
  durationMs: number | null;
  error: WebhookAttemptError | null;
}

/** One message to one endpoint, with its attempts (docs/protocol/webhooks.md#46-get-webhookslist-deliveriesendpointidlimitcursor). */
export interface WebhookDelivery {
  id: string;
  endpointId: string;
  /** The audit event's id; null for a test message. */
  eventId: string | null;
  eventType: string;
  /** The `webhook-id` header, the same on every retry and redelivery. */
  webhookId: string;
  /** Attempts made so far (0 before the first). */
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  responseStatus: number | null;
  durationMs: number | null;
  /** When the next attempt is due; null unless pending. */
  nextAttemptAt: string | null;
  createdAt: string;
  /** The delivery this one re-sends, or null. */
  redeliveryOf: string | null;
  attempts: WebhookAttempt[];
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  nextCursor: string | null;
}
