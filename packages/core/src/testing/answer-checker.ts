import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Auth } from '../create-auth.ts';
import type { AuthHandler } from '../http/handler.ts';

/** A real answer that its route's OpenAPI description does not allow. */
export interface AnswerViolation {
  route: string;
  status: number;
  problem: string;
}

type Operation = { responses: Record<string, Record<string, unknown>>; 'x-refusals-complete'?: boolean };

/**
 * Wraps the engine's handler so every answer is checked against the engine's own OpenAPI document
 * (`/openapi.json`): its status must be documented for the route, and its JSON body must match the
 * documented schema (error codes included, where the route's refusals are declared complete).
 * Tests read `violations`; `startTestServer` fails the suite on any.
 */
export async function checkedHandler(
  auth: Auth,
): Promise<{ handler: AuthHandler; violations: AnswerViolation[] }> {
  const base = `${auth.options.origin}${auth.options.basePath}`;
  const document = (await (await auth.handler(new Request(`${base}/openapi.json`))).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema(document, 'openapi');
  const violations: AnswerViolation[] = [];

  async function check(method: string, route: string, response: Response): Promise<void> {
    const path = route.replace(/:(\w+)/g, '{$1}');
    const operation = document.paths[path]?.[method.toLowerCase()];
    const where = `${method} ${route}`;
    if (!operation)
      return void violations.push({ route: where, status: response.status, problem: 'route missing' });
    const status = String(response.status);
    // Routes whose refusals are not declared yet are held to their successes only.
    const complete = operation['x-refusals-complete'] === true;
    if (response.status >= 400 && !complete) return;
    const answer = operation.responses[status];
    if (!answer)
      return void violations.push({
        route: where,
        status: response.status,
        problem: 'status not documented',
      });
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json') || response.status === 302) return;
    const text = await response.text();
    if (text === '') return;
    const pointer = [
      'paths',
      path,
      method.toLowerCase(),
      'responses',
      status,
      'content',
      'application/json',
      'schema',
    ]
      .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    const validate = ajv.getSchema(`openapi#/${pointer}`);
    if (validate && !validate(JSON.parse(text)))
      violations.push({
        route: where,
        status: response.status,
        problem: `${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`,
      });
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
    if (route) await check(request.method, route, response.clone());
    return response;
  };
  return { handler, violations };
}
