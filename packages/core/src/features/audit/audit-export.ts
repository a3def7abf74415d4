import type { AuditEventJson } from '../../audit-event.ts';

const CSV_COLUMNS = [
  'id',
  'type',
  'occurredAt',
  'outcome',
  'actorType',
  'actorId',
  'actorEmail',
  'impersonatorId',
  'targetType',
  'targetId',
  'organizationId',
  'sessionId',
  'ip',
  'userAgent',
  'requestId',
  'errorCode',
  'metadata',
] as const;

/** One NDJSON line per event. */
export const ndjsonLine = (event: AuditEventJson): string => `${JSON.stringify(event)}\n`;

export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}\r\n`;

/** One CSV record (RFC 4180) per event; the envelope's nested fields are flattened. */
export function csvLine(event: AuditEventJson): string {
  const values: Record<(typeof CSV_COLUMNS)[number], string | null> = {
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt,
    outcome: event.outcome,
    actorType: event.actor.type,
    actorId: event.actor.id,
    actorEmail: event.actor.email,
    impersonatorId: event.actor.impersonatorId,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    organizationId: event.organizationId,
    sessionId: event.sessionId,
    ip: event.ip,
    userAgent: event.userAgent,
    requestId: event.requestId,
    errorCode: event.errorCode,
    metadata: JSON.stringify(event.metadata),
  };
  return `${CSV_COLUMNS.map((column) => csvCell(values[column])).join(',')}\r\n`;
}

/**
 * Quotes a cell when it needs it, and defuses spreadsheet formulas: a user agent or an email is
 * chosen by whoever sent the request, and a cell starting with `=`, `+`, `-` or `@` would run in
 * the spreadsheet of the admin opening the export.
 */
function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
