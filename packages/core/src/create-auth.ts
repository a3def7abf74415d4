import { type ApiFunction, createApi } from './api.ts';
import type { AuthContext } from './context.ts';
import type { AuthDatabase } from './db/schema.ts';
import { rememberContext } from './engine-context.ts';
import { type OperatorActions, operatorActions } from './features/admin/operator-actions.ts';
import { type AuditRecorder, createAuditRecorder } from './features/audit/audit-recorder.ts';
import { type EndpointName, featureModules } from './features/feature-list.ts';
import type { FeatureModule, MountedFeature } from './features/feature-module.ts';
import { createJwtRuntime, type JwtRuntime } from './features/jwt/jwt-runtime.ts';
import { jwtSessionHeader } from './features/jwt/session-header.ts';
import { buildProviders } from './features/social/providers/provider-registry.ts';
import { type AuthHandler, createPipeline, webHandler } from './http/handler.ts';
import { type NodeAuthHandler, nodeHandler } from './http/node-handler.ts';
import { createCounters } from './http/rate-limit/counters.ts';
import { createRateLimiter } from './http/rate-limit/create-rate-limiter.ts';
import { type BuiltInRule, longestWindowMs } from './http/rate-limit/rate-limit-rules.ts';
import { type RouteInfo, routeTable } from './http/route-table.ts';
import { buildRouter } from './http/router.ts';
import { createOriginMatcher } from './http/trusted-origins.ts';
import { buildOpenApiDocument } from './openapi/openapi-document.ts';
import {
  type AuthOptions,
  type FeatureSettings,
  type ResolvedOptions,
  resolveCoreOptions,
} from './options.ts';
import { noPorts, type Ports } from './ports/ports.ts';
import { CacheEpoch } from './session/cache-epoch.ts';
import { CookieVerifier } from './session/cookie-verifier.ts';
import { DecodedSessions } from './session/decoded-sessions.ts';
import { sessionColumnsOf } from './session/session.repository.ts';
import { sessionCookies } from './session/session-cookies.ts';
import { createMemoryStorage } from './storage/memory-storage.ts';
import type { SecondaryStorage } from './storage/secondary-storage.ts';
import { deleteExpiredVerifications } from './user/verification.repository.ts';

export interface Auth {
  /** A web-standard fetch handler for everything under the base path. */
  handler: AuthHandler;
  /**
   * The same pipeline as a `node:http` handler for requests under the base path: answers are
   * written straight to Node's response, without building web Request/Response objects.
   */
  nodeHandler: NodeAuthHandler;
  /** Every endpoint as a server-side function, e.g. `auth.api.getSession({ headers })`. */
  api: Record<EndpointName, ApiFunction>;
  options: ResolvedOptions;
  /** The JWT feature's keys, for `verifyJwt(auth, token)`; undefined when the feature is off. */
  jwt: JwtRuntime | undefined;
  /** Every route answered over HTTP (method, path, fields), for clients, docs and the fuzz suite. */
  routes: readonly RouteInfo[];
  /** Ban, unban, delete and sign out users without an admin session (the operator CLI); needs the admin feature. */
  operator: OperatorActions | undefined;
  /** Security events: prune past the retention now, and the count of failed writes (for metrics). */
  audit: Pick<AuditRecorder, 'prune' | 'failures' | 'stopRetention'>;
}

/**
 * Builds the engine. All the expensive work happens here, once: options resolved, cookie names
 * and trusted origins fixed, the route table built (hot reads compile on first use: db/hot-read.ts).
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
  // A feature that is off mounts nothing: no routes, no `api` functions, no tag in the document, no port.
  const features = mountFeatures(resolved);
  const rateLimits = features.flatMap((feature) => feature.rateLimits);
  const context = createContext(resolved, options.database, storage, portsOf(features), rateLimits);
  checkEmailLinks(context);
  const endpoints = features.flatMap((feature) => feature.endpoints);
  let apiDocument: string | undefined;
  context.apiDocument = () =>
    (apiDocument ??= JSON.stringify(
      buildOpenApiDocument(features, {
        appName: resolved.appName,
        serverURL: `${resolved.origin}${resolved.basePath}`,
        sessionCookie: context.cookies.token,
        bearer: resolved.bearer,
        apiKeys: resolved.apiKey !== undefined,
      }),
    ));
  // Verification values are read only before their expiry: the tick deletes the rest, so the table
  // does not grow with every link nobody followed.
  context.audit.startRetention([
    {
      run: () => deleteExpiredVerifications(options.database.db, resolved.now()),
      failure: 'Could not delete expired verification values',
    },
  ]);
  // The webhooks worker, while that feature is on; `auth.audit.stopRetention()` stops it too.
  context.ports.eventOutbox?.start(context);
  const pipeline = createPipeline(context, buildRouter(endpoints));
  const handler = webHandler(pipeline);
  const api = createApi(handler, endpoints, resolved.origin, resolved.basePath) as Record<
    EndpointName,
    ApiFunction
  >;
  const auth: Auth = {
    handler,
    nodeHandler: nodeHandler(pipeline),
    api,
    options: resolved,
    jwt: context.jwt,
    routes: routeTable(endpoints),
    operator: resolved.admin ? operatorActions(context) : undefined,
    audit: context.audit,
  };
  rememberContext(auth, context);
  return auth;
}

function mountFeatures(options: ResolvedOptions): MountedFeature[] {
  return featureModules.flatMap((module) => module.mount(options) ?? []);
}

/** The ports the mounted features supply; two suppliers of one port is a wiring mistake. */
function portsOf(features: readonly MountedFeature[]): Ports {
  const ports: Ports = { ...noPorts };
  for (const feature of features) {
    for (const [name, port] of Object.entries(feature.ports)) {
      if (ports[name as keyof Ports] !== undefined) throw new Error(`two features supply the port ${name}`);
      Object.assign(ports, { [name]: port });
    }
  }
  return ports;
}

/**
 * Applies defaults and rejects options that cannot work, once, at start-up: the core's, then each
 * feature's (its `settings`). The features that add user fields are checked before the others, each
 * group in list order: the order the checks have always run in, so that with two bad options the
 * same one is reported.
 */
function resolveOptions(options: AuthOptions): ResolvedOptions {
  const core = resolveCoreOptions(options);
  const addsUserFields = (module: FeatureModule) => module.userFields !== undefined;
  const checkOrder = [
    ...featureModules.filter(addsUserFields),
    ...featureModules.filter((module) => !addsUserFields(module)),
  ];
  const settings: Partial<FeatureSettings> = {};
  for (const module of checkOrder) Object.assign(settings, module.settings(options, core));
  // Every key is some module's (feature-list.test.ts: "resolves every feature setting in one module").
  const features = settings as FeatureSettings;
  const additionalFields = { ...options.user?.additionalFields };
  for (const module of featureModules) Object.assign(additionalFields, module.userFields?.(features));
  return { ...core, ...features, additionalFields };
}

/** Emailed links are followed by a redirect: a landing page that is not trusted would be an open one. */
function checkEmailLinks(context: AuthContext): void {
  for (const [kind, url] of Object.entries(context.options.emailLinks)) {
    if (url !== undefined && !context.origins.isTrustedRedirect(url)) {
      throw new Error(`emailLinks.${kind} ${url} is not on a trusted origin`);
    }
  }
}

/** The longest window of any counter: the IP rules', the mail budget's and the sign-in lockout's. */
function longestCounterWindowMs(options: ResolvedOptions, rateLimits: readonly BuiltInRule[]): number {
  const { mailBudget } = options;
  const seconds = [
    mailBudget?.perRecipient.window ?? 0,
    mailBudget?.perSender.window ?? 0,
    options.emailAndPassword.signInLockout?.duration ?? 0,
  ];
  return Math.max(longestWindowMs(options.rateLimit, rateLimits), ...seconds.map((window) => window * 1000));
}

function createContext(
  options: ResolvedOptions,
  database: AuthDatabase,
  storage: SecondaryStorage,
  ports: Ports,
  rateLimits: readonly BuiltInRule[],
): AuthContext {
  const columns = sessionColumnsOf(options);
  const jwt = options.jwt
    ? createJwtRuntime(options.jwt, database.db, options.secret, options.now)
    : undefined;
  const counters = createCounters(options, database, storage, longestCounterWindowMs(options, rateLimits));
  return {
    options,
    db: database.db,
    dialect: database.dialect,
    database,
    cookies: sessionCookies(options),
    origins: createOriginMatcher(options.trustedOrigins, options.origin),
    storage,
    cacheEpoch: new CacheEpoch(storage, options.now),
    verifier: new CookieVerifier(options.secret, options.additionalFields),
    decodedSessions: new DecodedSessions(columns, options.additionalFields),
    counters,
    rateLimiter: createRateLimiter(options, counters, rateLimits),
    jwt,
    onSessionAnswer: jwt?.config.setHeader ? jwtSessionHeader(jwt, options.additionalFields) : undefined,
    providers: buildProviders(options.socialProviders),
    ports,
    // Replaced by createAuth once the route list is known.
    apiDocument: () => '{}',
    audit: createAuditRecorder(options, database.db, ports.eventOutbox),
  };
}
