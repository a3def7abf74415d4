import { type ApiFunction, createApi } from './api.ts';
import { createContext } from './context.ts';
import { adminEndpoints } from './features/admin-endpoints.ts';
import { coreEndpoints } from './features/core-endpoints.ts';
import type { JwtRuntime } from './features/jwt/jwt-runtime.ts';
import { jwtEndpoints } from './features/jwt-endpoints.ts';
import {
  type OrganizationEndpointName,
  organizationEndpoints,
} from './features/organization/organization-endpoints.ts';
import { socialEndpoints } from './features/social-endpoints.ts';
import { type AuthHandler, createHandler } from './http/handler.ts';
import { buildRouter } from './http/router.ts';
import { type AuthOptions, resolveOptions } from './options.ts';
import { createMemoryStorage } from './storage/memory-storage.ts';

type EndpointName =
  | (typeof coreEndpoints)[number]['name']
  | (typeof adminEndpoints)[number]['name']
  | (typeof jwtEndpoints)[number]['name']
  | OrganizationEndpointName
  | (typeof socialEndpoints)[number]['name'];

export interface Auth {
  /** A web-standard fetch handler for everything under the base path. */
  handler: AuthHandler;
  /** Every endpoint as a server-side function, e.g. `auth.api.getSession({ headers })`. */
  api: Record<EndpointName, ApiFunction>;
  options: ReturnType<typeof resolveOptions>;
  /** The JWT feature's keys, for `verifyJwt(auth, token)`; undefined when the feature is off. */
  jwt: JwtRuntime | undefined;
}

/**
 * Builds the engine. All the expensive work happens here, once: options resolved, cookie names
 * and trusted origins fixed, the route table and the hot-path queries compiled.
 * The database must already be migrated (`migrateDatabase`).
 *
 * @example
 * const database = connectDatabase('data/gatehouse.sqlite');
 * await migrateDatabase(database);
 * const auth = createAuth({ secret, baseURL: 'http://localhost:3000', database });
 * const response = await auth.handler(request);
 */
export function createAuth(options: AuthOptions): Auth {
  const resolved = resolveOptions(options);
  const storage = options.storage ?? createMemoryStorage({ now: resolved.now });
  const context = createContext(resolved, options.database, storage);
  const endpoints = [
    ...coreEndpoints,
    ...(resolved.admin ? adminEndpoints : []),
    ...(resolved.jwt ? jwtEndpoints : []),
    ...(resolved.organization ? organizationEndpoints(resolved.organization) : []),
    ...socialEndpoints,
  ];
  const handler = createHandler(context, buildRouter(endpoints));
  // A feature that is off has no routes and no `api` functions.
  const api = createApi(handler, endpoints, resolved.origin, resolved.basePath) as Record<
    EndpointName,
    ApiFunction
  >;
  return { handler, api, options: resolved, jwt: context.jwt };
}
