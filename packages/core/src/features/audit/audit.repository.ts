import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { rowLimit } from '../../db/row-limit.ts';
import type { Schema } from '../../db/schema.ts';
import type { AuditEventTable } from './audit-tables.ts';

export type AuditRow = Selectable<AuditEventTable>;
export type NewAuditRow = Insertable<AuditEventTable>;

/** Which events a reader may see at all, before any filter. */
export type AuditScope =
  | { kind: 'own'; userId: string }
  | { kind: 'organization'; organizationId: string }
  | { kind: 'all' };

export interface AuditFilters {
  /** An exact type, or a prefix ending in `.` (from `user.*`). */
  type?: { exact: string } | { prefix: string };
  actorId?: string;
  targetId?: string;
  organizationId?: string;
  /** Events of one session (its id, never its token): a device's own activity. */
  sessionId?: string;
  outcome?: 'success' | 'failure';
  /** ISO-8601 bounds on `occurredAt`, inclusive. */
  from?: string;
  to?: string;
  /** Only events older than this id (the cursor). */
  before?: string;
}

export async function insertAuditEvent(db: Executor, row: NewAuditRow): Promise<void> {
  await db.insertInto('auditEvent').values(row).execute();
}

/** Events in scope and filters, newest first, at most `limit`. */
export function searchAuditEvents(
  db: Kysely<Schema>,
  scope: AuditScope,
  filters: AuditFilters,
  limit: number,
): Promise<AuditRow[]> {
  let query = db.selectFrom('auditEvent').selectAll();
  if (scope.kind === 'own') {
    const { userId } = scope;
    query = query.where((eb) => eb.or([eb('actorId', '=', userId), eb('targetId', '=', userId)]));
  } else if (scope.kind === 'organization') {
    query = query.where('organizationId', '=', scope.organizationId);
  }
  const { type } = filters;
  if (type && 'exact' in type) query = query.where('type', '=', type.exact);
  if (type && 'prefix' in type) {
    // substr instead of LIKE: event names hold `_`, which LIKE reads as a wildcard.
    query = query.where(sql<string>`substr(${sql.ref('type')}, 1, ${type.prefix.length})`, '=', type.prefix);
  }
  if (filters.actorId) query = query.where('actorId', '=', filters.actorId);
  if (filters.targetId) query = query.where('targetId', '=', filters.targetId);
  if (filters.organizationId) query = query.where('organizationId', '=', filters.organizationId);
  if (filters.sessionId) query = query.where('sessionId', '=', filters.sessionId);
  if (filters.outcome) query = query.where('outcome', '=', filters.outcome);
  if (filters.from) query = query.where('occurredAt', '>=', filters.from);
  if (filters.to) query = query.where('occurredAt', '<=', filters.to);
  if (filters.before) query = query.where('id', '<', filters.before);
  return query.orderBy('id', 'desc').limit(rowLimit(limit)).execute();
}

/** Deletes events that occurred before `cutoff` (ISO-8601); answers how many. */
export async function pruneAuditEvents(db: Kysely<Schema>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('auditEvent').where('occurredAt', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
