import type { Migration } from 'kysely';
import type { Dialect } from '../db/schema.ts';
import type { AnyEndpoint, ApiFeature, DeclaredError } from '../http/endpoint.ts';
import type { BuiltInRule } from '../http/rate-limit/rate-limit-rules.ts';
import type {
  AuthOptions,
  CoreOptions,
  FeatureSettingKey,
  FeatureSettings,
  ResolvedOptions,
} from '../options.ts';
import type { Ports } from '../ports/ports.ts';
import type { AdditionalFields } from '../user/additional-fields.ts';

/**
 * A feature's versioned migrations by the name `gatehouse_migration` records (`NNNN-what-it-does`,
 * numbered in one sequence with the core's), each made for the dialect.
 */
export type FeatureMigrations = Readonly<Record<string, (dialect: Dialect) => Migration>>;

interface ErrorDefinition {
  status: number;
  message: string;
}

/**
 * What one feature folder declares about itself (its `module.ts`), so `createAuth` can mount every
 * feature from one list (`feature-list.ts`) instead of being edited for each: its settings and the
 * user fields they add, the OpenAPI tag of its routes, whether the resolved options turn it on, its
 * routes, and the ports it supplies to other features (`ports/ports.ts`). A feature that is off
 * mounts nothing: no route, no `api` function, no tag, no port, no user field.
 */
export interface FeatureModule<Endpoints extends readonly AnyEndpoint[] = readonly AnyEndpoint[]> {
  /** The folder's name, for messages and the test that each port has one supplier. */
  name: string;
  /** The tag its routes are documented under, and the `/docs/api` page's group. */
  api: ApiFeature;
  /** The codes only this feature answers (its part of the one catalogue, `errors.ts`). */
  errors: Readonly<Record<string, ErrorDefinition>>;
  /** The security events only this feature records (its part of the event model, `event-types.ts`). */
  events: readonly string[];
  /**
   * Its part of `ResolvedOptions` from the engine options: defaults applied, and a value that cannot
   * work refused by throwing, at start-up. Empty for a feature without settings of its own.
   */
  settings(options: AuthOptions, core: CoreOptions): Partial<FeatureSettings>;
  /** The columns it adds to every user object, as additional fields, while it is on; undefined: none ever. */
  userFields: ((settings: FeatureSettings) => AdditionalFields) | undefined;
  /**
   * Its tables' migrations. They run whether or not the feature is on (`db/migrate.ts`), so turning
   * it on later needs no migration step, and a database Better Auth shares keeps its tables.
   */
  migrations: FeatureMigrations;
  /** The built-in rate-limit rules of its routes (`http/rate-limit/rate-limit-rules.ts`), in force while it is on. */
  rateLimits: readonly BuiltInRule[];
  /** The feature's routes and ports for these options, or undefined while it is off. */
  mount(options: ResolvedOptions): MountedFeature<Endpoints> | undefined;
}

export interface MountedFeature<Endpoints extends readonly AnyEndpoint[] = readonly AnyEndpoint[]> {
  api: ApiFeature;
  endpoints: Endpoints;
  ports: Partial<Ports>;
  rateLimits: readonly BuiltInRule[];
  /** Refusals it adds to other features' routes, by `METHOD /path`, for the OpenAPI document. */
  refusals: Readonly<Record<string, readonly DeclaredError[]>>;
}

interface FeatureSpec<Config, Endpoints extends readonly AnyEndpoint[], Keys extends FeatureSettingKey> {
  name: string;
  api: ApiFeature;
  errors?: Readonly<Record<string, ErrorDefinition>>;
  events?: readonly string[];
  /** The keys of `ResolvedOptions` it owns, each of the type `ResolvedOptions` gives it. */
  settings?(options: AuthOptions, core: CoreOptions): Pick<FeatureSettings, Keys>;
  userFields?(settings: Pick<FeatureSettings, Keys>): AdditionalFields;
  rateLimits?: readonly BuiltInRule[];
  /**
   * The refusals the ports it supplies make other features' routes answer, by `METHOD /path`
   * (the username rules on sign-up), documented on those routes while it is on.
   */
  refusals?: Readonly<Record<string, readonly DeclaredError[]>>;
  migrations?: FeatureMigrations;
  /** The feature's own resolved settings; undefined turns it off. Always-on features return `true`. */
  config(options: ResolvedOptions): Config | undefined;
  endpoints(config: Config, options: ResolvedOptions): Endpoints;
  provides?(config: Config, options: ResolvedOptions): Partial<Ports>;
}

/**
 * Declares a feature. The spec's `config` type stays private to it, so a list of features with
 * different settings types is still one array of `FeatureModule`s.
 */
export function defineFeature<
  Config,
  const Endpoints extends readonly AnyEndpoint[],
  Keys extends FeatureSettingKey = never,
>(spec: FeatureSpec<Config, Endpoints, Keys>): FeatureModule<Endpoints> {
  return {
    name: spec.name,
    api: spec.api,
    errors: spec.errors ?? {},
    events: spec.events ?? [],
    settings: (options, core) => spec.settings?.(options, core) ?? {},
    userFields: spec.userFields,
    rateLimits: spec.rateLimits ?? [],
    migrations: spec.migrations ?? {},
    mount(options) {
      const config = spec.config(options);
      if (config === undefined) return undefined;
      return {
        api: spec.api,
        endpoints: spec.endpoints(config, options),
        ports: spec.provides?.(config, options) ?? {},
        rateLimits: spec.rateLimits ?? [],
        refusals: spec.refusals ?? {},
      };
    },
  };
}

/** The always-on features' `config`. */
export const alwaysOn = (): true => true;

/** The `auth.api` names a list of features can contribute. */
export type EndpointNameOf<Feature> =
  Feature extends FeatureModule<infer Endpoints> ? Endpoints[number]['name'] : never;
