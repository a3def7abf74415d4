export { type CallOptions, type ClientOptions, createClient, type GatehouseClient } from './create-client.ts';
export { type EndpointSpec, type Endpoints, endpoints, type TwoFactorChallenge } from './endpoints.ts';
export { GatehouseError, NETWORK_ERROR, type ValidationIssue } from './errors.ts';
export {
  type AccountDeletionMode,
  fetchProductConfig,
  type ProductConfig,
  type ProductConfigOptions,
  type SignUpPolicy,
  type SocialProvider,
} from './product-config.ts';
export type { RetryOption } from './retry.ts';
export type {
  AccessToken,
  Account,
  AccountInfo,
  AdminMembership,
  AdminSession,
  AdminUser,
  FullOrganization,
  IdTokenInput,
  Invitation,
  InvitationDetails,
  InvitationPreview,
  InvitationStatus,
  IpLocation,
  Member,
  MemberWithUser,
  Organization,
  OrganizationRole,
  Passkey,
  Permissions,
  RefreshedToken,
  SecurityEvent,
  SecurityEventFilters,
  SecurityEventPage,
  Session,
  SessionData,
  SocialRedirect,
  Status,
  Team,
  TeamMember,
  User,
} from './types.ts';
