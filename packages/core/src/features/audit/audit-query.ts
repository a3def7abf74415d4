import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import type { AuditFilters } from './audit.repository.ts';
import { AUDIT_ID_PATTERN } from './audit-id.ts';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

const id = z.string().min(1).max(256);
/** `user.signed_in` exactly, or `user.*` for every type under `user.` */
const typeFilter = z
  .string()
  .max(100)
  .regex(/^[a-z_]+(\.[a-z_]+)*(\.\*)?$/, 'Expected an event type, or a prefix ending in .*');
const instant = z
  .string()
  .max(40)
  .refine((text) => /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text)), {
    message: 'Expected an ISO-8601 date or date-time',
  });

/**
 * The filters every events route takes (docs/security-activity.md#routes-and-filters). Unknown keys are refused, so
 * a misspelt filter is a 400 rather than an unfiltered answer.
 */
const filterFields = {
  type: typeFilter.optional(),
  actorId: id.optional(),
  targetId: id.optional(),
  organizationId: id.optional(),
  sessionId: id
    .optional()
    .describe("A session's id (never its token): only the events of that session, e.g. one device's"),
  outcome: z.enum(['success', 'failure']).optional(),
  from: instant.optional(),
  to: instant.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `Expected a whole number from 1 to ${MAX_LIMIT}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_LIMIT, `Expected a whole number from 1 to ${MAX_LIMIT}`)
    .optional(),
  cursor: z.string().max(64).optional(),
};

export const ownEventsQuery = z.strictObject(filterFields);
/** Organization readers and admins may also export (`format=ndjson|csv`). */
export const exportableEventsQuery = z.strictObject({
  ...filterFields,
  format: z.enum(['json', 'ndjson', 'csv']).optional(),
});

export type EventsQuery = z.infer<typeof exportableEventsQuery>;

/** The cursor is the last answered id, base64url-encoded so clients treat it as opaque. */
export const encodeCursor = (lastId: string): string => Buffer.from(lastId).toString('base64url');

function decodeCursor(cursor: string): string {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!AUDIT_ID_PATTERN.test(decoded)) {
    throw new AuthError('VALIDATION_ERROR', {
      params: { where: 'query' },
      details: { issues: [{ path: 'query.cursor', message: 'Invalid cursor', kind: 'malformed' }] },
    });
  }
  return decoded;
}

export function filtersOf(query: EventsQuery): AuditFilters {
  const { type } = query;
  return {
    ...(type ? { type: type.endsWith('.*') ? { prefix: type.slice(0, -1) } : { exact: type } } : {}),
    actorId: query.actorId,
    targetId: query.targetId,
    organizationId: query.organizationId,
    sessionId: query.sessionId,
    outcome: query.outcome,
    // Normalised, so SQLite's text comparison and PostgreSQL's timestamps agree.
    from: query.from ? new Date(query.from).toISOString() : undefined,
    to: query.to ? new Date(query.to).toISOString() : undefined,
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
  };
}

/** The filters as recorded on an export event: which slice of the log left the server. */
export function filtersForMetadata(query: EventsQuery): Record<string, string> {
  const { format: _format, limit: _limit, cursor: _cursor, ...filters } = query;
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
