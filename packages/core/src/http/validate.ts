import type { z } from 'zod';
import { AuthError } from '../errors.ts';
import { findInputProblem } from './input-rules.ts';
import { issueFromZod, type ValidationIssue } from './validation-issue.ts';

/**
 * Parses input against an endpoint schema. Failures answer the spec's message ('Invalid body
 * parameters' / 'Invalid query parameters'); the field-level detail travels in `issues`, each with
 * a `kind` a client can put in its own words (docs/protocol/core.md#validation-errors).
 * Before the schema, every string and key of the input is checked for control characters and the
 * nesting for depth, so no route can store the one or overflow on the other (`input-rules.ts`).
 */
export function validate<T>(schema: z.ZodType<T>, input: unknown, where: 'body' | 'query'): T {
  const problem = findInputProblem(input);
  if (problem) {
    const issue: ValidationIssue = {
      path: [where, ...problem.path].join('.'),
      message: problem.message,
      kind: problem.kind,
    };
    throw new AuthError('VALIDATION_ERROR', { params: { where }, details: { issues: [issue] } });
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => issueFromZod(issue, input, where));
  throw new AuthError('VALIDATION_ERROR', { params: { where }, details: { issues } });
}

/**
 * Query strings: single keys are strings, repeated keys arrays (docs/protocol/core.md#query-strings). A
 * key every object inherits (`constructor`) is a parameter like any other.
 */
export function queryToObject(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const existing = Object.hasOwn(query, key) ? query[key] : undefined;
    if (existing === undefined) query[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else query[key] = [existing, value];
  }
  return query;
}
