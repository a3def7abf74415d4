import { z } from 'zod';

/** `auditEventToJson`'s object (`audit-event.ts`), for the event routes' `response`. */
const auditEventJson = z.object({
  id: z.string(),
  type: z.string(),
  occurredAt: z.iso.datetime(),
  outcome: z.string(),
  actor: z.object({
    type: z.string(),
    id: z.string().nullable(),
    email: z.string().nullable(),
    impersonatorId: z.string().nullable(),
  }),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  organizationId: z.string().nullable(),
  sessionId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  errorCode: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});

/** One page of events, and the cursor of the next (null on the last). */
export const auditPageJson = z.object({ events: z.array(auditEventJson), nextCursor: z.string().nullable() });

/** `format=csv` or `ndjson` answers a file of up to `EXPORT_MAX` events instead (`audit-answer.ts`). */
export const AUDIT_EXPORT = { mediaTypes: ['text/csv', 'application/x-ndjson'] } as const;
