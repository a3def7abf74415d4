import type {
  AccessToken,
  Account,
  AccountInfo,
  AdminMembership,
  AdminSession,
  AdminUser,
  ApiKey,
  ApiKeyIntrospection,
  ApiKeyList,
  CreatedApiKey,
  FullOrganization,
  IdTokenInput,
  Invitation,
  InvitationDetails,
  InvitationPreview,
  IpLocation,
  Member,
  MemberWithUser,
  Organization,
  OrganizationRole,
  Passkey,
  Permissions,
  RefreshedToken,
  SecurityEventFilters,
  SecurityEventPage,
  Session,
  SessionData,
  SocialRedirect,
  Status,
  Team,
  TeamMember,
  User,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
} from './types.ts';

/** One endpoint: its method and path, with input and output types carried for the client. */
export interface EndpointSpec<Input, Output> {
  method: 'GET' | 'POST';
  path: string;
  /** Calls after which the session may have changed, so session listeners refetch. */
  changesSession?: boolean;
  /**
   * A sensitive call: the codes with which the server refuses it only because the session was
   * signed in too long ago. The web app then asks the person to confirm it is them and runs the
   * call again (apps/web/src/lib/reauthentication.ts).
   */
  sensitive?: readonly StaleSessionCode[];
  /** A call about an organization, which the organization's policies (two-factor) may refuse. */
  organizationScoped?: boolean;
  /** Phantom fields: types only. */
  readonly _input?: Input;
  readonly _output?: Output;
}

const get = <Input, Output>(path: string): EndpointSpec<Input, Output> => ({ method: 'GET', path });
const post = <Input, Output>(path: string, changesSession = false): EndpointSpec<Input, Output> => ({
  method: 'POST',
  path,
  changesSession,
});

/**
 * Delete-user without a password says SESSION_EXPIRED where the fresh-age rule refuses
 * (packages/core/src/features/account/delete-user.ts); it means the same there.
 */
export type StaleSessionCode = 'SESSION_NOT_FRESH' | 'SESSION_EXPIRED';

/** Declares a call sensitive (EndpointSpec.sensitive). */
const sensitive = <Input, Output>(
  spec: EndpointSpec<Input, Output>,
  codes: readonly StaleSessionCode[] = ['SESSION_NOT_FRESH'],
): EndpointSpec<Input, Output> => ({ ...spec, sensitive: codes });

/** Declares every call of a group organization-scoped (EndpointSpec.organizationScoped). */
const organizationScoped = <Group extends Record<string, EndpointSpec<unknown, unknown>>>(
  group: Group,
): Group =>
  Object.fromEntries(
    Object.entries(group).map(([name, spec]) => [name, { ...spec, organizationScoped: true }]),
  ) as Group;

type Callback = { callbackURL?: string };
/** Organization routes fall back to the session's active organization when no id is given. */
type InOrg = { organizationId?: string };
type OrgRef = { organizationId?: string; organizationSlug?: string };
type RoleRef = { roleName: string } | { roleId: string };

/**
 * What sign-in/social and link-social share (docs/protocol/social.md#request-body,
 * docs/protocol/social.md#link-social).
 */
type SocialStart = {
  provider: string;
  errorCallbackURL?: string;
  disableRedirect?: boolean;
  idToken?: IdTokenInput;
  scopes?: string[];
  requestSignUp?: boolean;
  loginHint?: string;
  additionalParams?: Record<string, string>;
  additionalData?: Record<string, unknown>;
} & Callback;

/** Picks one of the caller's accounts by its row id (docs/protocol/social.md#choosing-an-account). */
type AccountSelector = { accountId: string };

/**
 * API keys (docs/protocol/api-key-client.md#routes). One set of routes serves two configurations:
 * `default`, a person's own keys, and `organization`, an organization's, which every call names
 * with `configId: "organization"` (else the server answers 404 for the key). So each route is two
 * calls here: the personal one, which cannot name an organization, and the organization one, which
 * must, and is organization-scoped with the other organization calls.
 */
type Personal = { configId?: 'default' };
type OfOrganization = { configId: 'organization' };
/**
 * What a client may set on create; the quotas are the server's own (SERVER_ONLY_PROPERTY). Gatehouse
 * takes `permissions` from the client too, within the setter's own rights (K9 in
 * packages/core/src/features/api-key/README.md); null or absent: the owner's full rights.
 */
type ApiKeyCreate = {
  permissions?: Permissions | null;
  /** 1–32 characters. */
  name?: string;
  /** Seconds, between one day and 365 days; null or absent: the key never expires. */
  expiresIn?: number | null;
  /** 1–32 characters of `[A-Za-z0-9_-]`, put in front of the key. */
  prefix?: string;
  metadata?: Record<string, unknown> | null;
};
type ApiKeyChange = { keyId: string; name?: string; enabled?: boolean } & Pick<
  ApiKeyCreate,
  'expiresIn' | 'metadata' | 'permissions'
>;
type ApiKeyPage = {
  limit?: number;
  offset?: number;
  sortBy?: keyof ApiKey;
  sortDirection?: 'asc' | 'desc';
};
type Success = { success: boolean };

/**
 * Webhooks (docs/protocol/webhooks.md#4-routes). One set of routes serves server-wide endpoints
 * (admins) and an organization's (its members with `webhook` rights). So each route is two calls
 * here, as for API keys: the server-wide one, which cannot name an organization, and the
 * organization one, organization-scoped with the other organization calls. Routes that name an
 * endpoint or delivery by id take the same body in both.
 */
type WebhookFields = {
  url: string;
  /** Event types, `<group>.*` prefixes or `*`. */
  events: string[];
  /** null or 1–500 characters. */
  description?: string | null;
};
type WebhookChange = {
  endpointId: string;
  url?: string;
  events?: string[];
  enabled?: boolean;
  /** null clears it. */
  description?: string | null;
};
type EndpointRef = { endpointId: string };
type DeliveryPage = EndpointRef & { limit?: number; cursor?: string };
type CreatedWebhook = { endpoint: WebhookEndpoint; secret: string };
type WebhookRoutes<Owner, Listing> = {
  create: EndpointSpec<WebhookFields & Owner, CreatedWebhook>;
  list: EndpointSpec<Listing, { endpoints: WebhookEndpoint[] }>;
};
const webhookRoutes = <Owner, Listing>(): WebhookRoutes<Owner, Listing> => ({
  create: post('/webhooks/create-endpoint'),
  list: get('/webhooks/list-endpoints'),
});
const byId = {
  update: () => post<WebhookChange, { endpoint: WebhookEndpoint }>('/webhooks/update-endpoint'),
  delete: () => post<EndpointRef, Success>('/webhooks/delete-endpoint'),
  // The new secret, answered once; both sign for 24 hours (docs/protocol/webhooks.md#45-post-webhooksrotate-secret).
  rotate: () => post<EndpointRef, { secret: string }>('/webhooks/rotate-secret'),
  deliveries: () => get<DeliveryPage, WebhookDeliveryPage>('/webhooks/list-deliveries'),
  redeliver: () => post<{ deliveryId: string }, { delivery: WebhookDelivery }>('/webhooks/redeliver'),
  sendTest: () => post<EndpointRef, { delivery: WebhookDelivery }>('/webhooks/send-test'),
};
const serverWide = webhookRoutes<{ organizationId?: null }, undefined>();
const ofOrganization = webhookRoutes<{ organizationId: string }, { organizationId: string }>();

/**
 * Organizations (docs/protocol/organization.md#routes), every call organization-scoped. Calls that
 * change the session's active organization or team are marked, so the session (and what depends
 * on it) loads again.
 */
const organizationEndpoints = organizationScoped({
  organizationCreate: post<
    { name: string; slug: string; logo?: string | null; metadata?: Record<string, unknown> } & {
      keepCurrentActiveOrganization?: boolean;
    },
    Organization & { members: Member[] }
  >('/organization/create', true),
  organizationUpdate: post<
    {
      data: {
        name?: string;
        slug?: string;
        logo?: string | null;
        metadata?: Record<string, unknown>;
        requireTwoFactor?: boolean;
      };
    } & InOrg,
    Organization
  >('/organization/update'),
  organizationDelete: post<{ organizationId: string }, Organization>('/organization/delete', true),
  organizationCheckSlug: post<{ slug: string }, Status>('/organization/check-slug'),
  organizationList: get<undefined, Organization[]>('/organization/list'),
  organizationGetFull: get<(OrgRef & { membersLimit?: number }) | undefined, FullOrganization | null>(
    '/organization/get-full-organization',
  ),
  organizationGet: get<OrgRef | undefined, Organization | null>('/organization/get-organization'),
  organizationSetActive: post<
    { organizationId?: string | null; organizationSlug?: string },
    Organization | null
  >('/organization/set-active', true),
  organizationInviteMember: post<
    { email: string; role: string | string[]; resend?: boolean; teamId?: string | string[] } & InOrg,
    Invitation
  >('/organization/invite-member'),
  organizationAcceptInvitation: post<{ invitationId: string }, { invitation: Invitation; member: Member }>(
    '/organization/accept-invitation',
    true,
  ),
  organizationRejectInvitation: post<{ invitationId: string }, { invitation: Invitation; member: null }>(
    '/organization/reject-invitation',
  ),
  organizationCancelInvitation: post<{ invitationId: string }, Invitation>('/organization/cancel-invitation'),
  organizationGetInvitation: get<{ id: string }, InvitationDetails>('/organization/get-invitation'),
  organizationInvitationPreview: get<{ id: string }, InvitationPreview>('/organization/invitation-preview'),
  organizationListInvitations: get<InOrg | undefined, Invitation[]>('/organization/list-invitations'),
  organizationListUserInvitations: get<undefined, (Invitation & { organizationName: string })[]>(
    '/organization/list-user-invitations',
  ),
  organizationListMembers: get<
    | (OrgRef & {
        limit?: number;
        offset?: number;
        sortBy?: string;
        sortDirection?: 'asc' | 'desc';
        filterField?: string;
        filterValue?: string;
        filterOperator?: string;
        /** Gatehouse's addition: members whose name or email holds this text, case aside. */
        search?: string;
      })
    | undefined,
    { members: MemberWithUser[]; total: number }
  >('/organization/list-members'),
  organizationRemoveMember: post<{ memberIdOrEmail: string } & InOrg, { member: Member | MemberWithUser }>(
    '/organization/remove-member',
    true,
  ),
  organizationUpdateMemberRole: post<{ memberId: string; role: string | string[] } & InOrg, Member>(
    '/organization/update-member-role',
  ),
  organizationGetActiveMember: get<undefined, MemberWithUser>('/organization/get-active-member'),
  organizationGetActiveMemberRole: get<(OrgRef & { userId?: string }) | undefined, { role: string }>(
    '/organization/get-active-member-role',
  ),
  organizationLeave: post<{ organizationId: string }, MemberWithUser>('/organization/leave', true),
  organizationCreateTeam: post<{ name: string } & InOrg, Team>('/organization/create-team'),
  organizationUpdateTeam: post<{ teamId: string; data: { name?: string } & InOrg }, Team>(
    '/organization/update-team',
  ),
  organizationRemoveTeam: post<{ teamId: string } & InOrg, { message: string }>('/organization/remove-team'),
  organizationListTeams: get<InOrg | undefined, Team[]>('/organization/list-teams'),
  organizationSetActiveTeam: post<{ teamId?: string | null }, Team | null>(
    '/organization/set-active-team',
    true,
  ),
  organizationListUserTeams: get<(InOrg & { userId?: string }) | undefined, Team[]>(
    '/organization/list-user-teams',
  ),
  /** Gatehouse's own: every member's team ids in one read (needs member:update). */
  organizationListMemberTeams: get<InOrg | undefined, { teams: Record<string, string[]> }>(
    '/organization/list-member-teams',
  ),
  organizationListTeamMembers: get<{ teamId?: string } | undefined, TeamMember[]>(
    '/organization/list-team-members',
  ),
  organizationAddTeamMember: post<{ teamId: string; userId: string } & InOrg, TeamMember>(
    '/organization/add-team-member',
  ),
  organizationRemoveTeamMember: post<{ teamId: string; userId: string } & InOrg, { message: string }>(
    '/organization/remove-team-member',
  ),
  organizationCreateRole: post<
    { role: string; permission: Permissions; additionalFields?: Record<string, unknown> } & InOrg,
    { success: boolean; roleData: OrganizationRole; statements: Permissions }
  >('/organization/create-role'),
  organizationDeleteRole: post<RoleRef & InOrg, { success: boolean }>('/organization/delete-role'),
  organizationListRoles: get<InOrg | undefined, OrganizationRole[]>('/organization/list-roles'),
  organizationGetRole: get<RoleRef & InOrg, OrganizationRole>('/organization/get-role'),
  organizationUpdateRole: post<
    RoleRef & InOrg & { data: { permission?: Permissions; roleName?: string } },
    { success: boolean; roleData: OrganizationRole }
  >('/organization/update-role'),
  organizationHasPermission: post<{ permissions: Permissions } & InOrg, { error: null; success: boolean }>(
    '/organization/has-permission',
  ),
  // The organization's security activity (its exports are downloads, not JSON calls).
  organizationEvents: get<SecurityEventFilters | undefined, SecurityEventPage>('/organization/events'),
  // The organization's API keys (`apiKey` permissions: docs/protocol/api-key-client.md#organization-keys).
  organizationApiKeyCreate: post<OfOrganization & { organizationId: string } & ApiKeyCreate, CreatedApiKey>(
    '/api-key/create',
  ),
  organizationApiKeyGet: get<OfOrganization & { id: string }, ApiKey>('/api-key/get'),
  organizationApiKeyList: get<OfOrganization & { organizationId: string } & ApiKeyPage, ApiKeyList>(
    '/api-key/list',
  ),
  organizationApiKeyUpdate: post<OfOrganization & ApiKeyChange, ApiKey>('/api-key/update'),
  organizationApiKeyDelete: post<OfOrganization & { keyId: string }, Success>('/api-key/delete'),
  organizationApiKeyRotate: post<OfOrganization & { keyId: string }, CreatedApiKey>('/api-key/rotate'),
  // The organization's webhook endpoints (`webhook` permissions, docs/protocol/webhooks.md#3-who-may-do-what).
  organizationWebhookCreateEndpoint: ofOrganization.create,
  organizationWebhookListEndpoints: ofOrganization.list,
  organizationWebhookUpdateEndpoint: byId.update(),
  organizationWebhookDeleteEndpoint: byId.delete(),
  organizationWebhookRotateSecret: byId.rotate(),
  organizationWebhookListDeliveries: byId.deliveries(),
  organizationWebhookRedeliver: byId.redeliver(),
  organizationWebhookSendTest: byId.sendTest(),
});

/**
 * Every endpoint of the server. Adding one is one line here: the client derives a typed method
 * from it (`client.signInEmail(input)`).
 */
export const endpoints = {
  signUpEmail: post<
    {
      name: string;
      email: string;
      password: string;
      image?: string;
      rememberMe?: boolean;
      username?: string;
      displayUsername?: string;
    } & Callback,
    { token: string | null; user: User }
  >('/sign-up/email', true),
  signInEmail: post<
    { email: string; password: string; rememberMe?: boolean } & Callback,
    { redirect: boolean; token: string; url?: string; user: User }
  >('/sign-in/email', true),
  // Usernames (docs/protocol/passwordless.md#3-usernames), while the server has them
  // (`ProductConfig.usernames`). The sign-in may answer a TwoFactorChallenge, as signInEmail.
  signInUsername: post<
    { username: string; password: string; rememberMe?: boolean } & Callback,
    { redirect: boolean; token: string; url?: string; user: User }
  >('/sign-in/username', true),
  isUsernameAvailable: post<{ username: string }, { available: boolean }>('/is-username-available'),
  // Several people in one browser (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession),
  // while the server has them (`ProductConfig.multiSession`).
  listDeviceSessions: get<undefined, SessionData[]>('/multi-session/list-device-sessions'),
  setActiveSession: post<{ sessionToken: string }, SessionData>('/multi-session/set-active', true),
  revokeDeviceSession: post<{ sessionToken: string }, Status>('/multi-session/revoke', true),
  signOut: post<Record<string, never> | undefined, { success: boolean }>('/sign-out', true),
  getSession: get<{ disableCookieCache?: boolean; disableRefresh?: boolean } | undefined, SessionData | null>(
    '/get-session',
  ),
  listSessions: get<undefined, Session[]>('/list-sessions'),
  sessionLocations: get<undefined, { locations: Record<string, IpLocation | null> }>('/session-locations'),
  revokeSession: sensitive(post<{ token: string }, Status>('/revoke-session', true)),
  revokeSessions: sensitive(post<undefined, Status>('/revoke-sessions', true)),
  revokeOtherSessions: sensitive(post<undefined, Status>('/revoke-other-sessions')),
  sendVerificationEmail: post<{ email: string } & Callback, Status>('/send-verification-email'),
  verifyEmail: get<{ token: string } & Callback, { status: boolean; user: User | null }>('/verify-email'),
  requestPasswordReset: post<{ email: string; redirectTo?: string }, { status: boolean; message: string }>(
    '/request-password-reset',
  ),
  resetPassword: post<{ newPassword: string; token: string }, Status>('/reset-password'),
  // Emailed links and codes (docs/protocol/passwordless.md), while the server offers them
  // (`ProductConfig.magicLink`, `emailOtp`). Both sign-ins may answer a TwoFactorChallenge.
  signInMagicLink: post<
    {
      email: string;
      name?: string;
      callbackURL?: string;
      newUserCallbackURL?: string;
      errorCallbackURL?: string;
    },
    Status
  >('/sign-in/magic-link'),
  magicLinkVerifyCode: post<{ email: string; code: string }, { token: string; user: User; session: Session }>(
    '/magic-link/verify-code',
    true,
  ),
  sendVerificationOtp: post<
    { email: string; type: 'sign-in' | 'email-verification' | 'forget-password' },
    { success: boolean }
  >('/email-otp/send-verification-otp'),
  signInEmailOtp: post<{ email: string; otp: string; name?: string }, { token: string; user: User }>(
    '/sign-in/email-otp',
    true,
  ),
  changePassword: sensitive(
    post<
      { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean },
      { token: string | null; user: User }
    >('/change-password', true),
  ),
  verifyPassword: post<{ password: string }, Status>('/verify-password'),
  updateUser: post<{ name?: string; image?: string | null; [field: string]: unknown }, Status>(
    '/update-user',
    true,
  ),
  /** Gatehouse's own: the picture itself (a File or Blob of type PNG, JPEG or WebP) as the body. */
  uploadAvatar: post<Blob, Status & { image: string }>('/avatar', true),
  removeAvatar: post<undefined, Status>('/avatar/remove', true),
  changeEmail: sensitive(post<{ newEmail: string } & Callback, Status>('/change-email')),
  deleteUser: sensitive(
    post<{ password?: string; token?: string } & Callback, { success: boolean; message: string }>(
      '/delete-user',
      true,
    ),
    ['SESSION_NOT_FRESH', 'SESSION_EXPIRED'],
  ),
  // Admin (only for users with the permission; others get 403).
  adminListUsers: get<
    {
      searchValue?: string;
      searchField?: 'email' | 'name';
      searchOperator?: 'contains' | 'starts_with' | 'ends_with';
      limit?: number;
      offset?: number;
      sortBy?: 'name' | 'email' | 'createdAt' | 'updatedAt' | 'role' | 'banned' | 'emailVerified';
      sortDirection?: 'asc' | 'desc';
      filterField?: 'email' | 'name' | 'role' | 'banned' | 'emailVerified' | 'id';
      filterValue?: string;
      filterOperator?: 'eq' | 'ne' | 'contains';
    },
    { users: AdminUser[]; total: number; limit?: number; offset?: number }
  >('/admin/list-users'),
  adminGetUser: get<{ id: string }, AdminUser>('/admin/get-user'),
  adminCreateUser: post<
    {
      email: string;
      name: string;
      password?: string;
      role?: string | string[];
      data?: { emailVerified?: boolean };
    },
    { user: AdminUser }
  >('/admin/create-user'),
  adminUpdateUser: post<{ userId: string; data: Record<string, unknown> }, AdminUser>('/admin/update-user'),
  adminSetRole: post<{ userId: string; role: string | string[] }, { user: AdminUser }>('/admin/set-role'),
  adminSetUserPassword: post<{ userId: string; newPassword: string }, Status>('/admin/set-user-password'),
  adminBanUser: post<{ userId: string; banReason?: string; banExpiresIn?: number }, { user: AdminUser }>(
    '/admin/ban-user',
  ),
  adminUnbanUser: post<{ userId: string }, { user: AdminUser }>('/admin/unban-user'),
  adminImpersonateUser: post<{ userId: string }, { session: AdminSession; user: AdminUser }>(
    '/admin/impersonate-user',
    true,
  ),
  adminStopImpersonating: post<undefined, { session: AdminSession; user: AdminUser }>(
    '/admin/stop-impersonating',
    true,
  ),
  adminRemoveUser: post<{ userId: string }, { success: boolean }>('/admin/remove-user'),
  adminListUserSessions: post<{ userId: string }, { sessions: AdminSession[] }>('/admin/list-user-sessions'),
  adminListUserMemberships: get<{ userId: string }, AdminMembership[]>('/admin/list-user-memberships'),
  adminRevokeUserSession: post<{ sessionToken: string }, { success: boolean }>('/admin/revoke-user-session'),
  adminRevokeUserSessions: post<{ userId: string }, { success: boolean }>('/admin/revoke-user-sessions'),
  adminHasPermission: post<{ permissions: Record<string, string[]> }, { error: null; success: boolean }>(
    '/admin/has-permission',
  ),
  ...organizationEndpoints,
  // Social sign-in and connected accounts (docs/protocol/social.md#sign-in-with-a-provider,
  // docs/protocol/social.md#account-routes). sign-in/social answers the provider's URL to navigate to; only
  // its id-token mode signs in at once, hence changesSession.
  signInSocial: post<SocialStart & { newUserCallbackURL?: string }, SocialRedirect>('/sign-in/social', true),
  linkSocial: post<SocialStart, SocialRedirect>('/link-social'),
  unlinkAccount: sensitive(post<AccountSelector, Status>('/unlink-account')),
  listAccounts: get<undefined, Account[]>('/list-accounts'),
  getAccessToken: post<AccountSelector, AccessToken>('/get-access-token'),
  refreshToken: post<AccountSelector, RefreshedToken>('/refresh-token'),
  accountInfo: get<AccountSelector, AccountInfo>('/account-info'),
  // Two-factor (docs/protocol/two-factor.md#routes). `signInEmail` may answer a TwoFactorChallenge
  // instead of a session; the verify calls then create it, hence changesSession.
  twoFactorEnable: sensitive(
    post<
      { password?: string; method?: 'totp' | 'otp'; issuer?: string },
      { method: 'totp'; totpURI: string; backupCodes: string[] } | { method: 'otp' }
    >('/two-factor/enable', true),
  ),
  twoFactorDisable: sensitive(post<{ password?: string }, Status>('/two-factor/disable', true)),
  twoFactorGetTotpUri: sensitive(
    post<{ password?: string }, { totpURI: string }>('/two-factor/get-totp-uri'),
  ),
  twoFactorVerifyTotp: post<SecondFactorCode, { token: string; user: User }>('/two-factor/verify-totp', true),
  twoFactorSendOtp: sensitive(post<Record<string, never> | undefined, Status>('/two-factor/send-otp')),
  twoFactorVerifyOtp: sensitive(
    post<SecondFactorCode, { token: string; user: User }>('/two-factor/verify-otp', true),
  ),
  twoFactorGenerateBackupCodes: sensitive(
    post<{ password?: string }, Status & { backupCodes: string[] }>('/two-factor/generate-backup-codes'),
  ),
  twoFactorVerifyBackupCode: post<
    SecondFactorCode & { disableSession?: boolean },
    { token?: string; user: User }
  >('/two-factor/verify-backup-code', true),
  adminResetTwoFactor: post<{ userId: string }, { user: AdminUser }>('/admin/reset-two-factor'),
  // Passkeys (docs/protocol/passkey.md#routes). The options are WebAuthn JSON for the browser's
  // ceremony (@simplewebauthn/browser); `response` is what the ceremony answered.
  passkeyGenerateRegisterOptions: sensitive(
    get<
      | { authenticatorAttachment?: 'platform' | 'cross-platform'; name?: string; context?: string }
      | undefined,
      WebAuthnOptions
    >('/passkey/generate-register-options'),
  ),
  passkeyVerifyRegistration: sensitive(
    post<{ response: unknown; name?: string }, Passkey>('/passkey/verify-registration'),
  ),
  passkeyGenerateAuthenticateOptions: get<undefined, WebAuthnOptions>(
    '/passkey/generate-authenticate-options',
  ),
  passkeyVerifyAuthentication: post<
    { response: unknown },
    { session: Session; user: User } | TwoFactorChallenge
  >('/passkey/verify-authentication', true),
  passkeyReauthenticate: post<{ response: unknown }, { session: Session; user: User }>(
    '/passkey/reauthenticate',
    true,
  ),
  passkeyListUserPasskeys: get<undefined, Passkey[]>('/passkey/list-user-passkeys'),
  passkeyUpdatePasskey: post<{ id: string; name: string }, { passkey: Passkey }>('/passkey/update-passkey'),
  passkeyDeletePasskey: post<{ id: string }, Status>('/passkey/delete-passkey'),
  adminListUserPasskeys: get<{ userId: string }, Passkey[]>('/admin/list-user-passkeys'),
  // A user's personal API keys, for the admin user page (admin `apiKey` rights, K14).
  adminListUserApiKeys: get<{ userId: string }, { apiKeys: ApiKey[] }>('/admin/list-user-api-keys'),
  adminDeleteUserApiKey: post<{ userId: string; keyId: string }, Success>('/admin/delete-user-api-key'),
  // Security activity (exports with `format=ndjson|csv` are downloads, not JSON calls); an
  // organization's is organizationEvents.
  securityEvents: get<SecurityEventFilters | undefined, SecurityEventPage>('/security/events'),
  adminEvents: get<SecurityEventFilters | undefined, SecurityEventPage>('/admin/events'),
  // The person's own API keys; an organization's are organizationApiKey….
  apiKeyCreate: post<Personal & ApiKeyCreate, CreatedApiKey>('/api-key/create'),
  apiKeyGet: get<Personal & { id: string }, ApiKey>('/api-key/get'),
  apiKeyList: get<(Personal & ApiKeyPage) | undefined, ApiKeyList>('/api-key/list'),
  apiKeyUpdate: post<Personal & ApiKeyChange, ApiKey>('/api-key/update'),
  apiKeyDelete: post<Personal & { keyId: string }, Success>('/api-key/delete'),
  // A new secret for the key, answered once; the old one stops (K13).
  apiKeyRotate: post<Personal & { keyId: string }, CreatedApiKey>('/api-key/rotate'),
  // For another app's backend: its service key goes in `x-api-key`, which a `fetch` given to
  // createClient adds; a browser session is refused (K12).
  apiKeyIntrospect: post<{ key: string; permissions?: Permissions; configId?: string }, ApiKeyIntrospection>(
    '/api-key/introspect',
  ),
  // Server-wide webhook endpoints (admins); an organization's are organizationWebhook….
  webhookCreateEndpoint: serverWide.create,
  webhookListEndpoints: serverWide.list,
  webhookUpdateEndpoint: byId.update(),
  webhookDeleteEndpoint: byId.delete(),
  webhookRotateSecret: byId.rotate(),
  webhookListDeliveries: byId.deliveries(),
  webhookRedeliver: byId.redeliver(),
  webhookSendTest: byId.sendTest(),
} as const;

/** What a sign-in answers while a second factor is owed. */
export interface TwoFactorChallenge {
  twoFactorRedirect: true;
  twoFactorMethods: ('totp' | 'otp')[];
}

/** WebAuthn creation or request options as JSON, handed to the browser unchanged. */
// biome-ignore lint/suspicious/noExplicitAny: the browser library types the two option shapes itself
type WebAuthnOptions = Record<string, any>;

type SecondFactorCode = { code: string; trustDevice?: boolean };

export type Endpoints = typeof endpoints;
export type InputOf<E> = E extends EndpointSpec<infer I, infer _O> ? I : never;
export type OutputOf<E> = E extends EndpointSpec<infer _I, infer O> ? O : never;
