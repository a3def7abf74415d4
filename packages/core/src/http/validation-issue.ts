import type { z } from 'zod';

/**
 * What is wrong with one field, as a word a client can translate (Gatehouse's addition to
 * `VALIDATION_ERROR`, docs/protocol/core.md#validation-errors). The `message` beside it stays the
 * English detail; `kind` is the stable part.
 */
export const ISSUE_KINDS = [
  'required',
  'invalid_type',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'too_few',
  'too_many',
  'invalid_format',
  'invalid_value',
  'control_character',
  'too_deep',
  'malformed',
  'invalid',
] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];

export interface ValidationIssue {
  path: string;
  message: string;
  kind: IssueKind;
  /** The length or count bound broken, for `too_short`, `too_long`, `too_few` and `too_many`. */
  limit?: number;
  /** The expected shape, for `invalid_format`: `email`, `url`, `regex`, … */
  format?: string;
}

/** Custom checks that name their kind in their params (`oneLine`'s control-character check). */
type KindParams = { kind?: IssueKind } | undefined;

const LENGTH_ORIGINS = new Set(['string']);
const COUNT_ORIGINS = new Set(['array', 'set']);

/** A zod issue as Gatehouse answers it; `input` is what was validated, to tell a missing field. */
export function issueFromZod(issue: z.core.$ZodIssue, input: unknown, prefix: string): ValidationIssue {
  const path = [prefix, ...issue.path.map(String)].join('.');
  const base = { path, message: issue.message };
  switch (issue.code) {
    case 'invalid_type':
      return { ...base, kind: valueAt(input, issue.path) === undefined ? 'required' : 'invalid_type' };
    case 'too_small':
      return bounded(base, issue.origin, Number(issue.minimum), ['too_short', 'too_few', 'too_small']);
    case 'too_big':
      return bounded(base, issue.origin, Number(issue.maximum), ['too_long', 'too_many', 'too_big']);
    case 'invalid_format':
      return { ...base, kind: 'invalid_format', format: issue.format };
    case 'invalid_value':
      return { ...base, kind: 'invalid_value' };
    case 'custom': {
      const kind = (issue.params as KindParams)?.kind;
      return { ...base, kind: kind && ISSUE_KINDS.includes(kind) ? kind : 'invalid' };
    }
    default:
      return { ...base, kind: 'invalid' };
  }
}

function bounded(
  base: { path: string; message: string },
  origin: string,
  limit: number,
  [length, count, other]: [IssueKind, IssueKind, IssueKind],
): ValidationIssue {
  if (LENGTH_ORIGINS.has(origin)) return { ...base, kind: length, limit };
  if (COUNT_ORIGINS.has(origin)) return { ...base, kind: count, limit };
  return { ...base, kind: other };
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
