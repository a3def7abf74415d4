import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectMigrations } from '../db/migrate.ts';
import { errorCatalogue } from '../errors.ts';
import { AUDIT_EVENT_TYPES } from '../event-types.ts';
import { type AuthOptions, resolveCoreOptions } from '../options.ts';
import { CaptureMailer } from '../testing/capture-mailer.ts';
import { startTestServer, TEST_SECRET, type TestServer } from '../testing/test-server.ts';
import { featureModules } from './feature-list.ts';

/** The catalogue less every feature's codes. */
const coreOnlyErrors = () => {
  const own = new Set(featureModules.flatMap((module) => Object.keys(module.errors)));
  return Object.fromEntries(Object.entries(errorCatalogue).filter(([code]) => !own.has(code)));
};

const optional = {
  admin: { admin: { enabled: true } },
  jwt: { jwt: { enabled: true } },
  organization: { organization: { enabled: true } },
  'two-factor': { twoFactor: { enabled: true } },
  passkey: { passkey: {} },
  'api-key': { apiKey: {} },
  webhooks: { webhooks: {} },
  // Both send mail, so each brings a mailer.
  'magic-link': { magicLink: {}, mailer: new CaptureMailer() },
  'email-otp': { emailOtp: {}, mailer: new CaptureMailer() },
  username: { username: {} },
  'multi-session': { multiSession: {} },
} as const;

/** Optional features that keep their rows in the core's tables (verification values, sessions) and so have no migration. */
const WITHOUT_TABLES: readonly string[] = ['magic-link', 'email-otp', 'multi-session'];

const tagsOf = async (server: TestServer) =>
  (
    (await (await fetch(`${server.url}${server.auth.options.basePath}/openapi.json`)).json()) as {
      tags: { name: string }[];
    }
  ).tags.map((tag) => tag.name);

describe('feature modules', () => {
  let everything: TestServer;
  beforeAll(async () => {
    everything = await startTestServer('sqlite', Object.assign({}, ...Object.values(optional)));
  });
  afterAll(() => everything.close());

  it('names every folder once', () => {
    const names = featureModules.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
  });

  describe.each(Object.keys(optional) as (keyof typeof optional)[])('%s turned off', (name) => {
    let without: TestServer;
    beforeAll(async () => {
      const others = Object.entries(optional).filter(([other]) => other !== name);
      without = await startTestServer('sqlite', Object.assign({}, ...others.map(([, on]) => on)));
    });
    afterAll(() => without.close());

    it('adds no user field, and the others still do', () => {
      const module = featureModules.find((candidate) => candidate.name === name);
      const own = Object.keys(module?.userFields?.(everything.auth.options) ?? {});
      for (const field of own) expect(everything.auth.options.additionalFields).toHaveProperty(field);
      expect(own.filter((field) => field in without.auth.options.additionalFields)).toEqual([]);
      expect(own.length > 0).toBe(name === 'admin' || name === 'two-factor' || name === 'username');
      const others = featureModules.filter(
        (other) => other.name !== name && other.mount(without.auth.options),
      );
      for (const other of others) {
        for (const field of Object.keys(other.userFields?.(everything.auth.options) ?? {})) {
          expect(without.auth.options.additionalFields).toHaveProperty(field);
        }
      }
    });

    // The decision (CONTRIBUTING: Adding a migration): its tables are there whether or not it is on,
    // so turning it on later needs no migration step.
    it('still has its migrations collected and run', async () => {
      const module = featureModules.find((candidate) => candidate.name === name);
      const own = Object.keys(module?.migrations ?? {});
      expect(own.length > 0).toBe(!WITHOUT_TABLES.includes(name));
      expect(Object.keys(collectMigrations('sqlite'))).toEqual(expect.arrayContaining(own));
      const applied = await sql<{ name: string }>`select name from gatehouse_migration`.execute(
        without.database.db,
      );
      expect(applied.rows.map((row) => row.name)).toEqual(expect.arrayContaining(own));
    });

    it('mounts no rate-limit rule, and the others still do', () => {
      const module = featureModules.find((candidate) => candidate.name === name);
      const rulesOf = (server: TestServer) =>
        featureModules.flatMap((each) => each.mount(server.auth.options)?.rateLimits ?? []);
      const own = module?.rateLimits ?? [];
      expect(own.length > 0).toBe(
        ['two-factor', 'passkey', 'magic-link', 'email-otp', 'username'].includes(name),
      );
      for (const rule of own) expect(rulesOf(everything)).toContainEqual(rule);
      expect(rulesOf(without).filter((rule) => own.includes(rule))).toEqual([]);
      expect(rulesOf(without).length).toBe(rulesOf(everything).length - own.length);
    });

    it('contributes no route, no api function and no tag, and the others still do', async () => {
      const module = featureModules.find((candidate) => candidate.name === name);
      if (!module) throw new Error(`no module named ${name}`);
      const mounted = module.mount(everything.auth.options);
      if (!mounted) throw new Error(`${name} is off in the server that has everything on`);
      const ownPaths = new Set(
        mounted.endpoints.filter((e) => !e.serverOnly).map((e) => `${e.method} ${e.path}`),
      );
      expect(ownPaths.size).toBeGreaterThan(0);
      const paths = (server: TestServer) =>
        server.auth.routes.map((route) => `${route.method} ${route.path}`);
      expect(paths(everything).filter((path) => ownPaths.has(path))).toEqual([...ownPaths]);
      expect(paths(without).filter((path) => ownPaths.has(path))).toEqual([]);
      for (const endpoint of mounted.endpoints) {
        expect(endpoint.name in without.auth.api, endpoint.name).toBe(false);
      }
      expect(module.mount(without.auth.options)).toBeUndefined();
      expect(await tagsOf(everything)).toContain(module.api.name);
      expect(await tagsOf(without)).not.toContain(module.api.name);
      // The routes' declared refusals: the shared error schema lists the whole catalogue.
      const routesOf = async (server: TestServer) =>
        JSON.stringify(
          (
            (await (await fetch(`${server.url}${server.auth.options.basePath}/openapi.json`)).json()) as {
              paths: unknown;
            }
          ).paths,
        );
      const document = await routesOf(without);
      const everythingDocument = await routesOf(everything);
      const ownCodes = Object.keys(module.errors).filter((code) => everythingDocument.includes(`"${code}"`));
      expect(ownCodes.length > 0).toBe(Object.keys(module.errors).length > 0);
      expect(ownCodes.filter((code) => document.includes(`"${code}"`))).toEqual([]);
      const answer = await fetch(
        `${without.url}${without.auth.options.basePath}${[...ownPaths][0]?.split(' ')[1]}`,
      );
      expect(answer.status).toBe(404);
    });
  });

  it('resolves every feature setting in one module only', () => {
    const input: AuthOptions = {
      secret: TEST_SECRET,
      baseURL: everything.url,
      database: everything.database,
    };
    const core = resolveCoreOptions(input);
    const keys = featureModules.flatMap((module) => Object.keys(module.settings(input, core)));
    expect(keys.filter((key, at) => keys.indexOf(key) !== at)).toEqual([]);
    expect(keys.sort()).toEqual([
      'account',
      'admin',
      'apiKey',
      'audit',
      'emailOtp',
      'jwt',
      'magicLink',
      'multiSession',
      'organization',
      'passkey',
      'socialProviders',
      'twoFactor',
      'username',
      'webhooks',
    ]);
    for (const key of keys) expect(everything.auth.options).toHaveProperty(key);
  });

  it('gives every code to one catalogue only', () => {
    const codes = [
      ...Object.keys(coreOnlyErrors()),
      ...featureModules.flatMap((module) => Object.keys(module.errors)),
    ];
    expect(codes.filter((code, at) => codes.indexOf(code) !== at)).toEqual([]);
    expect(new Set(codes)).toEqual(new Set(Object.keys(errorCatalogue)));
  });

  it('gives every event type to one list only, the core or a feature', () => {
    const own = featureModules.flatMap((module) => module.events);
    expect(own.filter((type, at) => own.indexOf(type) !== at)).toEqual([]);
    expect(own.every((type) => (AUDIT_EVENT_TYPES as readonly string[]).includes(type))).toBe(true);
    expect(own).toContain('user.passkey_registered');
    expect(own).toContain('organization.created');
  });

  it('supplies each port from one feature only, and none from a feature that is off', () => {
    const supplied = featureModules.flatMap((module) =>
      Object.keys(module.mount(everything.auth.options)?.ports ?? {}),
    );
    expect(new Set(supplied).size).toBe(supplied.length);
    expect(supplied.sort()).toEqual([
      'adminEvents',
      'adminRights',
      'apiKeys',
      'browserSessions',
      'eventOutbox',
      'membership',
      'organizationEvents',
      'passkeys',
      'secondFactor',
      'userFieldChecks',
    ]);
  });
});
