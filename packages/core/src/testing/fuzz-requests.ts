import fc from 'fast-check';
import type { RouteInfo } from '../http/route-table.ts';
import { KNOWN } from './fuzz-identities.ts';

/** One hostile request, ready to send: the path (under the base path) and query are raw text. */
export interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  contentType: string | undefined;
  body: string | undefined;
  /** Whether to send the server's own Origin, so state-changing requests get past the CSRF check. */
  sameOrigin: boolean;
}

/** Percent-escapes that do not decode, or decode to something hostile. */
const BAD_ESCAPES = [
  '%E0%A4%A',
  '%',
  '%ZZ',
  '%00',
  '%C0%AF',
  '%FF%FE',
  '%ED%A0%80',
  '%2F..%2F',
  '%0A',
  '%7F',
];

const DEEP = 7000;

/** Names every plain object inherits: a request naming them must never reach Object.prototype. */
const INHERITED_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its raw bytes. */
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** Strings chosen to break things: control characters, huge, prototype keys, odd Unicode, URLs. */
function hostileStrings(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\u001b[31m',
      'line\r\nbreak',
      '\t',
      '\u007f',
      '\ud800',
      '\u202e',
      '😀',
      ...INHERITED_KEYS,
      'x'.repeat(5000),
      'http://evil.example/steal',
      '//evil.example',
      '/relative?x=1',
      'javascript:alert(1)',
      'admin',
      'owner',
      'member',
      'true',
      '0',
      '-1',
      '1e309',
      ...BAD_ESCAPES,
      ...Object.values(KNOWN),
    ),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
}

/** Any JSON value, biased towards wrong types, nesting and prototype keys. */
function hostileValues(): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    hostileStrings(),
    fc.integer(),
    fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
    fc.boolean(),
    fc.constant(null),
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      objectOf(fc.oneof(fc.constantFrom(...INHERITED_KEYS), fc.string({ maxLength: 8 })), tie('value')),
    ),
  }));
  return fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: fc.constant(new DeepJson()) });
}

/** A marker for "nested deeper than any recursive code should go", written as raw JSON text. */
class DeepJson {}

/** An object whose keys may be `__proto__` and friends: kept as entries, written as raw JSON. */
class Entries {
  constructor(readonly entries: [string, unknown][]) {}
}

function objectOf(keys: fc.Arbitrary<string>, values: fc.Arbitrary<unknown>): fc.Arbitrary<Entries> {
  return fc.array(fc.tuple(keys, values), { maxLength: 5 }).map((entries) => new Entries(entries));
}

/** JSON text, with `__proto__` kept as an own key and deep nesting written without recursion. */
function toJson(value: unknown): string {
  if (value instanceof DeepJson) return `${'{"a":['.repeat(DEEP)}1${']}'.repeat(DEEP)}`;
  if (value instanceof Entries) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

/** Form encoding of an object's top-level string forms (nested values are stringified). */
function toForm(value: unknown): string {
  if (!(value instanceof Entries)) return encode(String(value));
  return value.entries
    .map(([key, item]) => `${encode(key)}=${encode(typeof item === 'string' ? item : toJson(item))}`)
    .join('&');
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  undefined,
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  'nul',
  '[1,]',
  '{"a" 1}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\u0000"}',
  `${'['.repeat(20_000)}`,
  '"',
];

/** Values a route would accept, so requests get past validation into the handlers. */
function plausibleValues(): fc.Arbitrary<unknown> {
  const text = fc.constantFrom(
    ...Object.values(KNOWN),
    'Fuzz Name',
    'fuzz-slug',
    'member',
    'admin',
    'owner',
    'user',
    '/dashboard',
    'correct horse battery',
    'new-person@example.com',
    'https://example.com/logo.png',
    'github',
    'credential',
  );
  const leaf = fc.oneof(text, fc.boolean(), fc.integer({ min: -1, max: 100_000 }), fc.constant(null));
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: objectOf(
        fc.constantFrom(
          'name',
          'slug',
          'logo',
          'metadata',
          'role',
          'email',
          'image',
          'banned',
          'organization',
          'member',
          'user',
          'x',
          ...INHERITED_KEYS,
        ),
        fc.oneof(
          leaf,
          fc.array(fc.constantFrom('create', 'update', 'delete', 'read', 'list', ...INHERITED_KEYS), {
            maxLength: 3,
          }),
        ),
      ),
    },
  );
}

/** A body object: some of the route's own fields (plausible or hostile values) and a few strangers. */
function routeObjects(route: RouteInfo): fc.Arbitrary<Entries> {
  const value = fc.oneof(
    { weight: 3, arbitrary: plausibleValues() },
    { weight: 1, arbitrary: hostileValues() },
  );
  const own = fc
    .subarray(route.bodyFields)
    .chain((fields) =>
      fc.tuple(...fields.map((field) => value.map((item): [string, unknown] => [field, item]))),
    );
  const strangers = fc.array(
    fc.tuple(fc.constantFrom(...INHERITED_KEYS, 'userId', 'role', 'id', 'x'), value),
    { maxLength: 2 },
  );
  return fc.tuple(own, strangers).map(([mine, others]) => new Entries([...mine, ...others]));
}

function bodies(route: RouteInfo) {
  return fc.record({
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    body: fc.oneof(
      {
        weight: 12,
        arbitrary: fc
          .tuple(routeObjects(route), fc.nat(9))
          .map(([entries, pick]) => (pick === 0 ? toForm(entries) : toJson(entries))),
      },
      { weight: 1, arbitrary: hostileValues().map(toJson) },
      { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
  });
}

function queries(route: RouteInfo): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(route.queryFields.length > 0 ? route.queryFields : ['x'])) },
    { weight: 1, arbitrary: fc.constantFrom(...INHERITED_KEYS, 'callbackURL', ...BAD_ESCAPES) },
  );
  const value = fc.oneof(
    {
      weight: 6,
      arbitrary: plausibleValues().map((item) => encode(typeof item === 'string' ? item : toJson(item))),
    },
    { weight: 6, arbitrary: hostileStrings().map(encode) },
    { weight: 4, arbitrary: fc.constantFrom(...BAD_ESCAPES, 'x'.repeat(3000), '', '%2B', '+') },
  );
  const pairs = fc
    .array(fc.tuple(key, value), { maxLength: 4 })
    .map((list) => (list.length === 0 ? '' : `?${list.map(([k, v]) => `${k}=${v}`).join('&')}`));
  // Now and then a query string over Node's 16 KiB header limit.
  return fc.oneof(
    { weight: 30, arbitrary: pairs },
    { weight: 1, arbitrary: fc.constant(`?q=${'y'.repeat(20_000)}`) },
  );
}

function paths(route: RouteInfo): fc.Arbitrary<string> {
  if (!route.path.includes(':')) return fc.constant(route.path);
  const segment = fc.oneof(
    fc.constantFrom(...BAD_ESCAPES, 'github', 'oidc', 'x'.repeat(3000), '..', 'a%20b', KNOWN.organizationId),
    hostileStrings().map(encode),
  );
  return segment.map((value) => route.path.replace(/:\w+/g, value === '' ? 'x' : value));
}

/** Requests for one route: its own method mostly, sometimes another; hostile path, query and body. */
export function fuzzRequests(route: RouteInfo): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') },
      ),
      path: paths(route),
      query: queries(route),
      payload: bodies(route),
      sameOrigin: fc.oneof(
        { weight: 9, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    })
    .map(({ method, path, query, payload, sameOrigin }) => ({
      method,
      path,
      query,
      sameOrigin,
      contentType: method === 'GET' ? undefined : payload.contentType,
      body: method === 'GET' ? undefined : payload.body,
    }));
}
