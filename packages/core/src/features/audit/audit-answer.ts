import { type AuditEventJson, auditEventToJson } from '../../audit-event.ts';
import type { AuthContext } from '../../context.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditScope, searchAuditEvents } from './audit.repository.ts';
import { csvHeader, csvLine, ndjsonLine } from './audit-export.ts';
import {
  DEFAULT_LIMIT,
  type EventsQuery,
  encodeCursor,
  filtersForMetadata,
  filtersOf,
} from './audit-query.ts';

/** The most events one export answers; `x-next-cursor` continues from there. */
export const EXPORT_MAX = 10_000;
const EXPORT_PAGE = 500;

/** `{ events, nextCursor }`: newest first, `nextCursor` null on the last page. */
export async function answerEvents(
  auth: AuthContext,
  scope: AuditScope,
  query: EventsQuery,
): Promise<{ events: AuditEventJson[]; nextCursor: string | null }> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  // One row more than asked says whether another page exists without a count query.
  const rows = await searchAuditEvents(auth.db, scope, filtersOf(query), limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(auditEventToJson),
    nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
  };
}

export interface ExportRecord {
  type: 'admin.audit_exported' | 'organization.audit_exported';
  organizationId?: string;
  actorType: 'admin' | 'user';
}

/**
 * The events as an NDJSON or CSV download, bounded to `EXPORT_MAX` events read in pages. The
 * export is itself an event, recorded once the file is built, with the filters that chose it.
 */
export async function exportEvents(
  auth: AuthContext,
  request: RequestContext,
  scope: AuditScope,
  query: EventsQuery,
  record: ExportRecord,
): Promise<Response> {
  const format = query.format === 'csv' ? 'csv' : 'ndjson';
  const filters = filtersOf(query);
  const parts: string[] = format === 'csv' ? [csvHeader()] : [];
  let count = 0;
  let before = filters.before;
  let more = true;
  while (more && count < EXPORT_MAX) {
    const size = Math.min(EXPORT_PAGE, EXPORT_MAX - count);
    const rows = await searchAuditEvents(auth.db, scope, { ...filters, before }, size + 1);
    more = rows.length > size;
    for (const row of rows.slice(0, size)) {
      const event = auditEventToJson(row);
      parts.push(format === 'csv' ? csvLine(event) : ndjsonLine(event));
      before = row.id;
      count++;
    }
  }
  await auth.audit.record(request, {
    type: record.type,
    actor: { type: record.actorType },
    organizationId: record.organizationId ?? null,
    metadata: {
      format,
      count,
      filters: Object.entries(filtersForMetadata(query)).map(([k, v]) => `${k}=${v}`),
    },
  });
  const headers: [string, string][] = [
    ['content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson'],
    ['content-disposition', `attachment; filename="security-events.${format}"`],
    ['cache-control', 'no-store'],
  ];
  if (more && before) headers.push(['x-next-cursor', encodeCursor(before)]);
  return new Response(parts.join(''), { status: 200, headers });
}
