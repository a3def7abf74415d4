import type { DateColumn } from '../../db/schema.ts';

/**
 * One security event (features/audit/README.md), append-only. `id` sorts by time (a hex time
 * prefix), `metadata` is JSON text of small typed values and never holds a secret.
 */
export interface AuditEventTable {
  id: string;
  type: string;
  occurredAt: DateColumn;
  outcome: string;
  actorType: string;
  actorId: string | null;
  actorEmail: string | null;
  impersonatorId: string | null;
  targetType: string | null;
  targetId: string | null;
  organizationId: string | null;
  sessionId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  errorCode: string | null;
  metadata: string | null;
}

/** The feature's tables, by name; part of `Schema` (`db/schema.ts`). */
export interface AuditTables {
  auditEvent: AuditEventTable;
}
