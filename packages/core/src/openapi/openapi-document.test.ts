import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Auth, createAuth } from '../create-auth.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateDatabase } from '../db/migrate.ts';
import type { AuthDatabase } from '../db/schema.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { checkedHandler } from '../testing/answer-checker.ts';
import { present } from '../testing/present.ts';
import { TEST_SECRET } from '../testing/test-server.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

const BASE = 'http://localhost:3000';

interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
}
type Responses = Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;

/** The codes a documented refusal status may carry. */
const codesOf = (responses: Responses, status: string): string[] => {
  const allOf = present(responses[status]?.content?.['application/json']?.schema.allOf) as {
    properties?: { code: { enum: string[] } };
  }[];
  return present(allOf[1]?.properties).code.enum;
};

describe('the OpenAPI document', () => {
  let database: AuthDatabase;
  let everything: Auth;
  let document: Document;
  beforeAll(async () => {
    database = connectDatabase(':memory:');
    await migrateDatabase(database);
    everything = createAuth({
      secret: TEST_SECRET,
      baseURL: BASE,
      database,
      admin: { enabled: true },
      jwt: { enabled: true },
      organization: { enabled: true, teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
      twoFactor: { enabled: true },
      passkey: {},
      apiKey: {},
      webhooks: {},
      magicLink: {},
      emailOtp: {},
      mailer: { send: async () => {} },
      username: {},
      multiSession: {},
      bearer: { enabled: true },
      socialProviders: { github: { clientId: 'id', clientSecret: 'secret' } },
      logError: () => {},
    });
    const response = await everything.handler(new Request(`${BASE}/api/auth/openapi.json`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    document = (await response.json()) as Document;
  });
  afterAll(async () => {
    await everything.audit.stopRetention();
    await database.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: `${BASE}/api/auth` }]);
    const result = await new Validator().validate(document as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('holds every route of the table, and nothing else', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routes = everything.routes.map(
      (route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(routes.length).toBeGreaterThan(80);
    expect(documented.sort()).toEqual([...routes].sort());
  });

  it('leaves out the routes of features that are off', async () => {
    const bare = createAuth({ secret: TEST_SECRET, baseURL: BASE, database, logError: () => {} });
    const paths = (
      (await (await bare.handler(new Request(`${BASE}/api/auth/openapi.json`))).json()) as Document
    ).paths;
    expect(Object.keys(paths)).toContain('/sign-in/email');
    expect(Object.keys(paths).some((path) => path.startsWith('/organization/'))).toBe(false);
    expect(Object.keys(paths)).toHaveLength(
      bare.routes.filter((r, i, all) => all.findIndex((o) => o.path === r.path) === i).length,
    );
  });

  it('describes request bodies from the zod schemas, forms included', () => {
    const signIn = present(document.paths['/sign-in/email']?.post);
    const content = (signIn.requestBody as { content: Record<string, { schema: Record<string, unknown> }> })
      .content;
    expect(Object.keys(content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['email', 'password'],
      properties: { email: { type: 'string', maxLength: 1024 }, rememberMe: { type: 'boolean' } },
    });
  });

  it('lists each refusal by status with its codes: the pipeline’s and the route’s own', () => {
    const signIn = present(document.paths['/sign-in/email']?.post);
    const responses = signIn.responses as Responses;
    // With API keys on, any route may answer a key's refusals (features/api-key/README.md).
    const keyRefusals = [
      'INVALID_API_KEY',
      'KEY_DISABLED',
      'KEY_EXPIRED',
      'USER_BANNED',
      'INVALID_REFERENCE_ID_FROM_API_KEY',
      'API_KEY_CREATOR_NOT_MEMBER',
    ];
    expect(codesOf(responses, '401')).toEqual([
      'INVALID_EMAIL_OR_PASSWORD',
      'FAILED_TO_CREATE_SESSION',
      ...keyRefusals,
      'UNAUTHORIZED',
    ]);
    expect(codesOf(responses, '403')).toEqual(
      expect.arrayContaining(['INVALID_ORIGIN', 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED', 'EMAIL_NOT_VERIFIED']),
    );
    expect(codesOf(responses, '429')).toEqual([
      'TOO_MANY_SIGN_IN_ATTEMPTS',
      'RATE_LIMITED',
      'USAGE_EXCEEDED',
    ]);
    expect(signIn['x-refusals-complete']).toBe(true);
    const listSessions = present(document.paths['/list-sessions']?.get);
    expect(codesOf(listSessions.responses as Responses, '401')).toEqual([
      'FAILED_TO_GET_SESSION',
      'UNAUTHORIZED',
      ...keyRefusals,
    ]);
    expect(listSessions.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    const fresh = present(document.paths['/unlink-account']?.post);
    expect(codesOf(fresh.responses as Responses, '403')).toContain('SESSION_NOT_FRESH');
  });

  it('documents every route: its answer and every refusal, so none can land undocumented', () => {
    const undocumented: string[] = [];
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const responses = operation.responses as Responses & Record<string, unknown>;
        const success = responses['200']?.content ?? {};
        const json = success['application/json']?.schema;
        // A route answers a described JSON body, or says what else it answers: a redirect only,
        // an HTML page or a file.
        const described =
          json !== undefined
            ? Object.keys(json).length > 0
            : Object.keys(success).length > 0 || responses['302'] !== undefined;
        if (!described) undocumented.push(`${method.toUpperCase()} ${path}: no response schema`);
        if (operation['x-refusals-complete'] !== true)
          undocumented.push(`${method.toUpperCase()} ${path}: no errors list`);
      }
    expect(undocumented).toEqual([]);
  });

  it('tags each operation with the feature that defines it, every tag described', () => {
    const tags = (document as unknown as { tags: { name: string; description: string }[] }).tags;
    expect(tags.map((tag) => tag.name)).toEqual([
      'Email and password',
      'Sessions',
      'Email verification',
      'Password reset',
      'Account',
      'Avatar',
      'Service',
      'Admin',
      'Import',
      'JWT',
      'Organizations',
      'Social sign-in',
      'Two-factor authentication',
      'Passkeys',
      'Magic link',
      'Email codes',
      'API keys',
      'Security events',
      'Webhooks',
      'Usernames',
      'Several accounts in one browser',
    ]);
    for (const tag of tags) expect(tag.description.length, tag.name).toBeGreaterThan(20);
    const tagOf = (path: string, method: string) =>
      (present(document.paths[path]?.[method]) as { tags: string[] }).tags;
    // One feature, whatever the paths look like; and each path where its feature put it.
    expect(tagOf('/sign-up/email', 'post')).toEqual(['Email and password']);
    expect(tagOf('/sign-in/email', 'post')).toEqual(['Email and password']);
    expect(tagOf('/sign-in/social', 'post')).toEqual(['Social sign-in']);
    expect(tagOf('/avatar', 'post')).toEqual(['Avatar']);
    expect(tagOf('/avatar/remove', 'post')).toEqual(['Avatar']);
    expect(tagOf('/avatar/{userId}', 'get')).toEqual(['Avatar']);
    expect(tagOf('/delete-user/callback', 'get')).toEqual(['Account']);
    expect(tagOf('/organization/events', 'get')).toEqual(['Security events']);
    expect(tagOf('/sign-in/magic-link', 'post')).toEqual(['Magic link']);
    expect(tagOf('/sign-in/email-otp', 'post')).toEqual(['Email codes']);
    expect(tagOf('/forget-password/email-otp', 'post')).toEqual(['Email codes']);
    const used = new Set(
      Object.values(document.paths).flatMap((methods) =>
        Object.values(methods).flatMap((operation) => operation.tags as string[]),
      ),
    );
    expect([...used].sort()).toEqual(tags.map((tag) => tag.name).sort());
  });

  it('gives every operation a summary, written once on its endpoint', () => {
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const summary = operation.summary;
        if (typeof summary !== 'string' || summary.length < 10 || summary.endsWith('.'))
          missing.push(`${method.toUpperCase()} ${path}: ${String(summary)}`);
      }
    expect(missing).toEqual([]);
    expect(present(document.paths['/sign-in/email']?.post).summary).toBe(
      'Sign in with an email address and a password',
    );
    expect(present(document.paths['/sign-in/email']?.post).description).toContain('twoFactorRedirect');
  });

  it('offers the bearer and API-key schemes beside the cookie when they are on, and only then', async () => {
    const schemes = (document as unknown as { components: { securitySchemes: Record<string, unknown> } })
      .components.securitySchemes;
    expect(schemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    const all = [{ sessionCookie: [] }, { bearerToken: [] }, { apiKey: [] }];
    expect(present(document.paths['/list-accounts']?.get).security).toEqual(all);
    // Routes that read the session themselves, after answering something else first.
    expect(present(document.paths['/get-access-token']?.post).security).toEqual(all);
    expect(present(document.paths['/two-factor/verify-totp']?.post).security).toEqual([{}, ...all]);
    // A route a key session may not use (features/api-key/README.md) does not offer the scheme.
    expect(present(document.paths['/list-sessions']?.get).security).toEqual(all.slice(0, 2));
    expect(JSON.stringify(present(document.paths['/ok']?.get).responses)).toContain('INVALID_API_KEY');
    const cookieOnly = createAuth({ secret: TEST_SECRET, baseURL: BASE, database, logError: () => {} });
    const bare = (await (
      await cookieOnly.handler(new Request(`${BASE}/api/auth/openapi.json`))
    ).json()) as Document & { components: { securitySchemes: Record<string, unknown> } };
    expect(Object.keys(bare.components.securitySchemes)).toEqual(['sessionCookie']);
    expect(present(bare.paths['/list-sessions']?.get).security).toEqual([{ sessionCookie: [] }]);
    expect(JSON.stringify(bare.paths)).not.toContain('INVALID_API_KEY');
  });

  it('documents path parameters and redirects', () => {
    const link = present(document.paths['/reset-password/{token}']?.get);
    expect(link.parameters).toContainEqual({
      name: 'token',
      in: 'path',
      required: true,
      schema: { type: 'string' },
    });
    expect(Object.keys(link.responses as Responses)).toContain('302');
  });

  it('includes a new route without anyone editing the document', () => {
    const ping = defineEndpoint({
      name: 'ping',
      method: 'POST',
      path: '/tools/ping/:name',
      body: z.object({ times: z.number().int().min(1) }),
      response: z.object({ pong: z.string() }),
      errors: ['USER_NOT_FOUND'],
      requires: 'session',
      async handler() {
        return { pong: 'x' };
      },
    });
    const tools = { name: 'Tools', description: 'Small tools.' };
    const built = buildOpenApiDocument([{ api: tools, endpoints: [ping] }], {
      appName: 'Test',
      serverURL: BASE,
      sessionCookie: 'c',
    });
    const operation = built.paths['/tools/ping/{name}']?.post as Record<string, unknown>;
    expect(operation.operationId).toBe('ping');
    expect(operation.tags).toEqual(['Tools']);
    expect(built.tags).toEqual([tools]);
    expect(operation.parameters).toEqual([
      { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    const responses = operation.responses as Responses;
    expect(responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: { pong: { type: 'string' } },
    });
    expect(codesOf(responses, '400')).toContain('USER_NOT_FOUND');
  });
});

describe('the answer checker behind every engine test server', () => {
  it('reports an answer that drifted from its documented schema', async () => {
    const database = connectDatabase(':memory:');
    try {
      await migrateDatabase(database);
      const auth = createAuth({ secret: TEST_SECRET, baseURL: BASE, database, logError: () => {} });
      // The same engine, but /ok answers a body its schema does not allow.
      const drifted: Auth = {
        ...auth,
        handler: async (request, connection) => {
          const response = await auth.handler(request, connection);
          if (!request.url.endsWith('/ok')) return response;
          return new Response('{"ok":"yes"}', { headers: { 'content-type': 'application/json' } });
        },
      };
      const { handler, violations } = await checkedHandler(drifted);
      await handler(new Request(`${BASE}/api/auth/ok`));
      expect(violations).toEqual([
        { route: 'GET /ok', status: 200, problem: expect.stringContaining('data/ok must be boolean') },
      ]);
      const before = violations.length;
      await handler(new Request(`${BASE}/api/auth/get-session`));
      expect(violations).toHaveLength(before);
    } finally {
      await database.close();
    }
  });

  it('checks what the Node handler writes, as it checks the web handler answers', async () => {
    const database = connectDatabase(':memory:');
    const auth = createAuth({ secret: TEST_SECRET, baseURL: BASE, database, logError: () => {} });
    // The same engine, but over Node /ok writes a body its schema does not allow.
    const drifted: Auth = {
      ...auth,
      nodeHandler: async (request, response, connection) => {
        if (!request.url?.endsWith('/ok')) return auth.nodeHandler(request, response, connection);
        connection?.onAnswer?.({ route: '/ok', code: undefined, status: 200 });
        response.writeHead(200, ['content-type', 'application/json']);
        response.end('{"ok":"yes"}');
      },
    };
    const server = createServer((request, response) => void checked.nodeHandler(request, response));
    let checked: Awaited<ReturnType<typeof checkedHandler>>;
    try {
      await migrateDatabase(database);
      checked = await checkedHandler(drifted);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`;
      expect((await fetch(`${url}/get-session`)).status).toBe(200);
      expect(checked.violations).toEqual([]);
      expect((await fetch(`${url}/ok`)).status).toBe(200);
      expect(checked.violations).toEqual([
        { route: 'GET /ok', status: 200, problem: expect.stringContaining('data/ok must be boolean') },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    }
  });

  it('holds the content type to the documented one, and date-time strings to their format', async () => {
    const stamp = defineEndpoint({
      name: 'stamp',
      method: 'GET',
      path: '/stamp',
      requires: 'none',
      // A format without zod's own pattern: only format validation can refuse a bad date.
      response: z.object({ at: z.string().meta({ format: 'date-time' }) }),
      errors: [],
      async handler() {
        return { at: '' };
      },
    });
    const document = buildOpenApiDocument([{ api: { name: 'T', description: 'T.' }, endpoints: [stamp] }], {
      appName: 'T',
      serverURL: BASE,
      sessionCookie: 'c',
    });
    // A host-less engine answering the document and, at /stamp, whatever the case gives it.
    const engineAnswering = (answer: () => Response): Auth =>
      ({
        options: { origin: BASE, basePath: '/api/auth' },
        handler: async (request: Request, connection?: { onAnswer?: (a: object) => void }) => {
          if (request.url.endsWith('/openapi.json')) return Response.json(document);
          connection?.onAnswer?.({ route: '/stamp', code: undefined });
          return answer();
        },
      }) as unknown as Auth;
    const cases: [string, () => Response, string | undefined][] = [
      ['a good answer', () => Response.json({ at: '2026-01-31T10:00:00.000Z' }), undefined],
      ['no real date', () => Response.json({ at: '2026-02-31T10:00:00Z' }), 'must match format "date-time"'],
      ['not a date', () => Response.json({ at: 'yesterday' }), 'must match format "date-time"'],
      [
        'text, not JSON',
        () => new Response('{"at":"2026-01-31T10:00:00Z"}', { headers: { 'content-type': 'text/plain' } }),
        'content type text/plain, documented application/json',
      ],
      ['no content type', () => new Response('{}'), 'content type text/plain'],
      ['an undocumented status', () => new Response(null, { status: 204 }), 'status not documented'],
    ];
    for (const [label, answer, problem] of cases) {
      const checked = await checkedHandler(engineAnswering(answer));
      await checked.handler(new Request(`${BASE}/api/auth/stamp`));
      if (problem === undefined) {
        expect(checked.violations, label).toEqual([]);
        expect(() => checked.assertConforms()).not.toThrow();
      } else {
        expect(checked.violations, label).toEqual([
          expect.objectContaining({ route: 'GET /stamp', problem: expect.stringContaining(problem) }),
        ]);
        expect(() => checked.assertConforms()).toThrow(/does not allow/);
      }
    }
  });
});
