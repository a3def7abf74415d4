import type { ServerResponse } from 'node:http';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Auth } from '../create-auth.ts';
import type { AuthHandler } from '../http/handler.ts';
import type { NodeAuthHandler } from '../http/node-handler.ts';

/** A real answer that its route's OpenAPI description does not allow. */
export interface AnswerViolation {
  route: string;
  status: number;
  problem: string;
}

/** The engine's handlers, checked; `assertConforms` throws when an answer drifted from the document. */
export interface CheckedHandler {
  handler: AuthHandler;
  nodeHandler: NodeAuthHandler;
  violations: AnswerViolation[];
  assertConforms(): void;
}

type Answer = { content?: Record<string, unknown> };
type Operation = { responses: Record<string, Answer>; 'x-refusals-complete'?: boolean };

/** RFC 3339's date-time (OpenAPI's `format: date-time`). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/i;

/** A date-time on a real calendar day (no 31 February) and clock time (a leap second allowed). */
function isDateTime(value: string): boolean {
  const parts = DATE_TIME.exec(value);
  if (!parts) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts.slice(1, 7).map(Number);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const offsetOk = parts[9] === undefined || (Number(parts[9]) < 24 && Number(parts[10]) < 60);
  const dateOk = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
  return dateOk && hour < 24 && minute < 60 && second <= 60 && offsetOk;
}

/** `application/json; charset=utf-8` → `application/json`. */
const mediaTypeOf = (response: Response) =>
  (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Wraps the engine's handler so every answer is checked against the engine's own OpenAPI document
 * (`/openapi.json`): its status must be documented for the route, its content type must be one the
 * document lists for that status (no body where it lists none), and a JSON body must match the
 * documented schema, formats included (error codes too, where the route's refusals are declared
 * complete). `startTestServer` and the product's test servers fail the suite on any violation.
 */
export async function checkedHandler(auth: Auth): Promise<CheckedHandler> {
  const base = `${auth.options.origin}${auth.options.basePath}`;
  const document = (await (await auth.handler(new Request(`${base}/openapi.json`))).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const ajv = new Ajv2020({ strict: false, validateFormats: true, allErrors: false });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  ajv.addSchema(document, 'openapi');
  const violations: AnswerViolation[] = [];

  async function check(method: string, route: string, response: Response): Promise<void> {
    const path = route.replace(/:(\w+)/g, '{$1}');
    const operation = document.paths[path]?.[method.toLowerCase()];
    const where = `${method} ${route}`;
    const report = (problem: string) => violations.push({ route: where, status: response.status, problem });
    if (!operation) return void report('route missing');
    const status = String(response.status);
    // Routes whose refusals are not declared yet are held to their successes only.
    const complete = operation['x-refusals-complete'] === true;
    if (response.status >= 400 && !complete) return;
    const answer = operation.responses[status];
    if (!answer) return void report('status not documented');
    const text = await response.text();
    const type = mediaTypeOf(response);
    const documented = Object.keys(answer.content ?? {});
    if (documented.length === 0) {
      if (text !== '') report(`a body (${type || 'no content type'}) where the document lists none`);
      return;
    }
    if (!documented.includes(type))
      return void report(`content type ${type || '(none)'}, documented ${documented.join(', ')}`);
    if (type !== 'application/json') return;
    const pointer = ['paths', path, method.toLowerCase(), 'responses', status, 'content', type, 'schema']
      .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    const validate = ajv.getSchema(`openapi#/${pointer}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return void report(`not JSON: ${text.slice(0, 100)}`);
    }
    if (validate && !validate(body)) report(`${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`);
  }

  const handler: AuthHandler = async (request, connection) => {
    let route: string | undefined;
    const response = await auth.handler(request, {
      ...connection,
      onAnswer: (answer) => {
        route = answer.route;
        connection?.onAnswer?.(answer);
      },
    });
    // HEAD answers carry no body by definition; the document describes GET's.
    if (route && request.method !== 'HEAD') await check(request.method, route, response.clone());
    return response;
  };
  // The Node handler writes its answer itself: what it writes is kept on the way and checked after.
  const nodeHandler: NodeAuthHandler = async (request, response, connection) => {
    let route: string | undefined;
    const written = recordWrites(response);
    await auth.nodeHandler(request, response, {
      ...connection,
      onAnswer: (answer) => {
        route = answer.route;
        connection?.onAnswer?.(answer);
      },
    });
    if (route && request.method !== 'HEAD') await check(request.method ?? 'GET', route, written());
  };
  return {
    handler,
    nodeHandler,
    violations,
    assertConforms() {
      if (violations.length > 0)
        throw new Error(
          `answers the OpenAPI document does not allow:\n${JSON.stringify(violations, null, 1)}`,
        );
    },
  };
}

/** The same engine whose every HTTP answer is checked against its document (see `checkedHandler`). */
export async function checkedAuth(
  auth: Auth,
): Promise<{ auth: Auth } & Omit<CheckedHandler, 'handler' | 'nodeHandler'>> {
  const { handler, nodeHandler, violations, assertConforms } = await checkedHandler(auth);
  return { auth: { ...auth, handler, nodeHandler }, violations, assertConforms };
}

/**
 * Keeps the status, headers and body a Node response is given (by `writeHead`, `write` and `end`),
 * and hands them back as a web Response to check.
 */
function recordWrites(response: ServerResponse): () => Response {
  let status = 200;
  const headers = new Headers();
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const { writeHead, write, end } = response;
  response.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
    status = code;
    const given = rest.find((part) => typeof part === 'object' && part !== null);
    if (Array.isArray(given))
      for (let i = 0; i + 1 < given.length; i += 2) headers.append(String(given[i]), String(given[i + 1]));
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, code, ...rest);
  } as typeof response.writeHead;
  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof response.write;
  response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== 'function') keep(chunk);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof response.end;
  return () => {
    const bodiless = status === 204 || status === 304;
    return new Response(bodiless ? null : Buffer.concat(chunks), { status, headers });
  };
}
