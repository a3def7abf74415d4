export { type CallOptions, type ClientOptions, createClient, type GatehouseClient } from './create-client.ts';
export { type EndpointSpec, type Endpoints, endpoints } from './endpoints.ts';
export { GatehouseError, NETWORK_ERROR } from './errors.ts';
export type { RetryOption } from './retry.ts';
export type {
  AdminSession,
  AdminUser,
  FullOrganization,
  Invitation,
  InvitationDetails,
  InvitationStatus,
  Member,
  MemberWithUser,
  Organization,
  OrganizationRole,
  Permissions,
  Session,
  SessionData,
  Status,
  Team,
  TeamMember,
  User,
} from './types.ts';
