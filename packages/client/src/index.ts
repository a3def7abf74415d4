export { type CallOptions, type ClientOptions, createClient, type GatehouseClient } from './create-client.ts';
export { type EndpointSpec, type Endpoints, endpoints } from './endpoints.ts';
export { GatehouseError, NETWORK_ERROR } from './errors.ts';
export type { RetryOption } from './retry.ts';
export type { AdminSession, AdminUser, Session, SessionData, Status, User } from './types.ts';
