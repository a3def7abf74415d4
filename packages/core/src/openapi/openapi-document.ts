import { z } from 'zod';
import { errorCatalogue } from '../errors.ts';
import type { AnyEndpoint, ApiFeature, DeclaredError } from '../http/endpoint.ts';
import { ISSUE_KINDS } from '../http/validation-issue.ts';
import { errorAnswersOf } from './error-answers.ts';

export interface OpenApiSettings {
  appName: string;
  /** The engine's public URL with its base path: `https://auth.example.com/api/auth`. */
  serverURL: string;
  /** The session cookie's name, for the security scheme. */
  sessionCookie: string;
  /**
   * `Authorization: Bearer <session token>` is accepted wherever the cookie is (option `bearer`),
   * `signed`: only the signed token `set-auth-token` hands out. Undefined when bearer tokens are off.
   */
  bearer?: { requireSignature: boolean };
  /** `x-api-key` is accepted (the API-key feature is on): a scheme, and its refusals on every route. */
  apiKeys?: boolean;
}

/** One feature's routes, documented under its tag. */
export interface FeatureRoutes {
  api: ApiFeature;
  endpoints: readonly AnyEndpoint[];
  /** Refusals it adds to other features' routes, by `METHOD /path` (`FeatureModule`'s `refusals`). */
  refusals?: Readonly<Record<string, readonly DeclaredError[]>>;
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of the features' routes, built from their definitions alone: one tag
 * per feature, paths and methods with the route's summary and description, request bodies and
 * query parameters from their zod schemas (zod's JSON Schema output), the 200 body from
 * `response`, and every refusal by status with the codes it may carry. A new route appears
 * without anyone editing this file.
 */
export function buildOpenApiDocument(features: readonly FeatureRoutes[], settings: OpenApiSettings) {
  const paths: Record<string, Record<string, Operation>> = {};
  const tags: ApiFeature[] = [];
  const added = new Map<string, DeclaredError[]>();
  for (const [route, errors] of features.flatMap((feature) => Object.entries(feature.refusals ?? {})))
    added.set(route, [...(added.get(route) ?? []), ...errors]);
  for (const { api: feature, endpoints } of features) {
    const routed = endpoints.filter((endpoint) => !endpoint.serverOnly);
    if (routed.length > 0) tags.push({ name: feature.name, description: feature.description });
    for (const endpoint of routed) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      const more = added.get(`${endpoint.method} ${endpoint.path}`);
      const documented =
        more && endpoint.errors ? { ...endpoint, errors: [...endpoint.errors, ...more] } : endpoint;
      paths[path] ??= {};
      paths[path][endpoint.method.toLowerCase()] = operationOf(documented, feature, settings);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${settings.appName} authentication API`,
      version: '1.7',
      description:
        "Better Auth 1.7's HTTP protocol as Gatehouse answers it. Refusals are JSON `{ code, message }` " +
        '(plus `issues` for `VALIDATION_ERROR`); each answer lists the codes its status may carry.',
    },
    servers: [{ url: settings.serverURL }],
    tags,
    paths,
    components: {
      securitySchemes: securitySchemesOf(settings),
      schemas: { Error: ERROR_SCHEMA },
    },
  };
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: Object.keys(errorCatalogue) },
    message: { type: 'string' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message', 'kind'],
        properties: {
          path: { type: 'string' },
          message: { type: 'string' },
          // Gatehouse: what is wrong, for a client to say in its own words (docs/protocol/core.md#validation-errors).
          kind: { type: 'string', enum: [...ISSUE_KINDS] },
          limit: { type: 'integer' },
          format: { type: 'string' },
        },
      },
    },
  },
};

function securitySchemesOf(settings: OpenApiSettings): Record<string, JsonSchema> {
  const schemes: Record<string, JsonSchema> = {
    sessionCookie: { type: 'apiKey', in: 'cookie', name: settings.sessionCookie },
  };
  if (settings.bearer)
    schemes.bearerToken = {
      type: 'http',
      scheme: 'bearer',
      description: settings.bearer.requireSignature
        ? 'The signed session token an answer hands out in `set-auth-token`.'
        : "The signed session token an answer hands out in `set-auth-token`, or the bare session token (a sign-in answer's `token`).",
    };
  if (settings.apiKeys)
    schemes.apiKey = {
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
      description: 'A personal API key: a session of its owner on the routes a key may use.',
    };
  return schemes;
}

/** Either scheme carries a session: each is one alternative requirement. */
function sessionRequirements(settings: OpenApiSettings, endpoint: AnyEndpoint): Record<string, string[]>[] {
  const schemes: Record<string, string[]>[] = [{ sessionCookie: [] }];
  if (settings.bearer) schemes.push({ bearerToken: [] });
  if (settings.apiKeys && (!endpoint.accepts || endpoint.accepts.includes('apiKey')))
    schemes.push({ apiKey: [] });
  return schemes;
}

function operationOf(endpoint: AnyEndpoint, feature: ApiFeature, settings: OpenApiSettings): Operation {
  const operation: Operation = { operationId: endpoint.name, tags: [feature.name] };
  if (endpoint.summary) operation.summary = endpoint.summary;
  if (endpoint.description) operation.description = endpoint.description;
  const parameters = [...pathParameters(endpoint.path), ...queryParameters(endpoint)];
  if (parameters.length > 0) operation.parameters = parameters;
  if (endpoint.body) {
    const schema = jsonSchema(endpoint.body, 'input');
    const content: Record<string, unknown> = { 'application/json': { schema } };
    if (endpoint.acceptsForm) content['application/x-www-form-urlencoded'] = { schema };
    operation.requestBody = { required: true, content };
  }
  if (endpoint.rawBody) {
    const file = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
    operation.requestBody = {
      required: true,
      description: `At most ${endpoint.rawBody.maxBytes} bytes.`,
      content: Object.fromEntries(endpoint.rawBody.mediaTypes.map((type) => [type, file])),
    };
  }
  const needs = endpoint.requires === 'none' ? (endpoint.readsSession ?? 'none') : endpoint.requires;
  if (needs !== 'none') {
    // Optional sessions are documented as such: the route answers without one too.
    const session = sessionRequirements(settings, endpoint);
    operation.security = needs === 'optional' ? [{}, ...session] : session;
  }
  operation.responses = responsesOf(endpoint, settings.apiKeys === true);
  // Routes that declare their own refusals list every code they answer; the others list the
  // pipeline's only, and say so.
  if (endpoint.errors) operation['x-refusals-complete'] = true;
  else
    operation.description = [
      endpoint.description,
      "The route's own refusals are not listed yet: only those every route of its kind can answer.",
    ]
      .filter(Boolean)
      .join('\n\n');
  return operation;
}

function pathParameters(path: string) {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function queryParameters(endpoint: AnyEndpoint) {
  if (!endpoint.query) return [];
  const schema = jsonSchema(endpoint.query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function responsesOf(endpoint: AnyEndpoint, apiKeys: boolean): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const success = successOf(endpoint);
  if (success) responses['200'] = { description: 'Success', content: success };
  if (endpoint.file?.etag)
    responses['304'] = { description: 'Not modified: the `If-None-Match` ETag is still current.' };
  if (endpoint.redirects)
    responses['302'] = {
      description: 'A browser flow continues at `Location`; errors travel as `?error=CODE` there.',
      headers: { Location: { schema: { type: 'string' } } },
    };
  for (const [status, codes] of errorAnswersOf(endpoint, apiKeys)) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${errorCatalogue[code].message}`).join('; '),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Error' },
              { type: 'object', properties: { code: { enum: codes } } },
            ],
          },
        },
      },
    };
  }
  return responses;
}

/**
 * The 200 answer's media types: an HTML page, or the `response` JSON and any `file` types (a
 * route may answer either, as the audit export). A browser flow that only redirects has none.
 */
function successOf(endpoint: AnyEndpoint): Record<string, unknown> | undefined {
  if (endpoint.html) return { 'text/html': { schema: { type: 'string' } } };
  const content: Record<string, unknown> = {};
  if (endpoint.response) content['application/json'] = { schema: jsonSchema(endpoint.response, 'output') };
  for (const type of endpoint.file?.mediaTypes ?? []) content[type] = { schema: { type: 'string' } };
  if (Object.keys(content).length > 0) return content;
  // Routes not documented yet answer JSON of an unspecified shape (the completeness test finds them).
  return endpoint.redirects ? undefined : { 'application/json': { schema: {} } };
}

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); what JSON cannot say is left open. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}
