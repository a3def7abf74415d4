import { type ErrorCode, errorCatalogue } from '../errors.ts';
import type { AnyEndpoint } from '../http/endpoint.ts';
import { REDIRECT_FIELDS } from '../http/origin-check.ts';
import { fieldsOf } from '../http/route-table.ts';

/** Every route: the rate limiter, a failure nobody planned for, the database out of reach. */
const EVERY_ROUTE: ErrorCode[] = ['RATE_LIMITED', 'INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE'];
/** Every POST read by the pipeline: its body (`read-body.ts`) and its Origin (`origin-check.ts`). */
const POST_BODY: ErrorCode[] = [
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'MISSING_OR_NULL_ORIGIN',
  'INVALID_ORIGIN',
  // `?callbackURL=` is checked on every POST, whatever the body names.
  'INVALID_CALLBACK_URL',
];

/**
 * With API keys on, any route may be called with `x-api-key`, which is validated first
 * (docs/protocol/api-key.md#validation-in-order): its refusals, the short key's 403, and 401
 * UNAUTHORIZED where the route does not serve a key session.
 */
const API_KEY_REFUSALS: [ErrorCode, number?][] = [
  ['INVALID_API_KEY'],
  ['INVALID_API_KEY', 403],
  ['KEY_DISABLED'],
  ['KEY_EXPIRED'],
  ['USAGE_EXCEEDED'],
  ['USER_BANNED'],
  ['INVALID_REFERENCE_ID_FROM_API_KEY'],
  ['API_KEY_CREATOR_NOT_MEMBER'],
  ['UNAUTHORIZED'],
];

/**
 * The restricted key sessions a route refuses, or the organization it keeps an organization key to, as
 * its `keySessions` declares (docs/protocol/api-key.md#decisions-for-gatehouse, K9 and K10).
 */
function keySessionRefusals(endpoint: AnyEndpoint): ErrorCode[] {
  const serves = endpoint.keySessions ?? [];
  return [
    serves.includes('organization') ? 'API_KEY_OTHER_ORGANIZATION' : 'API_KEY_ORGANIZATION_ONLY',
    ...(serves.includes('scoped') ? [] : (['API_KEY_SCOPE_DENIED'] as const)),
  ];
}

/**
 * The refusals a route can answer, by status: those the pipeline gives it (from its method,
 * schemas and session requirement, `handler.ts`) and those its own rules declare (`errors`).
 */
export function errorAnswersOf(endpoint: AnyEndpoint, apiKeys = false): Map<number, ErrorCode[]> {
  // One code may be answered with two statuses (FAILED_TO_GET_SESSION: 500, or 401 on a refresh).
  const answers = new Map<string, [ErrorCode, number]>();
  const add = (code: ErrorCode, status: number = errorCatalogue[code].status) =>
    answers.set(`${code} ${status}`, [code, status]);
  if (endpoint.body || endpoint.query || endpoint.path.includes(':')) add('VALIDATION_ERROR');
  if (endpoint.method === 'POST' && !endpoint.rawRequest) {
    for (const code of POST_BODY) add(code);
    const fields = fieldsOf(endpoint.body);
    for (const [field, code] of REDIRECT_FIELDS) if (fields.includes(field)) add(code);
  }
  if (endpoint.acceptsForm) add('CROSS_SITE_NAVIGATION_LOGIN_BLOCKED');
  // A session looked up and due a refresh that cannot be stored (`resolve-session.ts`).
  if (endpoint.requires !== 'none') add('FAILED_TO_GET_SESSION', 401);
  if (endpoint.requires !== 'none' && endpoint.requires !== 'optional') add('UNAUTHORIZED');
  if (endpoint.requires === 'fresh' || endpoint.requires === 'recent') add('SESSION_NOT_FRESH');
  for (const declared of endpoint.errors ?? [])
    if (typeof declared === 'string') add(declared);
    else add(declared[0], declared[1]);
  for (const code of EVERY_ROUTE) add(code);
  if (apiKeys && !endpoint.rawRequest) {
    for (const [code, status] of API_KEY_REFUSALS) add(code, status);
    for (const code of keySessionRefusals(endpoint)) add(code);
  }

  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of answers.values()) {
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
