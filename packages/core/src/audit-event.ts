import type { Selectable } from 'kysely';
import type { Schema } from './db/schema.ts';
import type { AUDIT_EVENT_TYPES } from './event-types.ts';

/** A stored event, as every reader of the `auditEvent` table gets it. */
type AuditRow = Selectable<Schema['auditEvent']>;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];
export type AuditOutcome = 'success' | 'failure';
export type ActorType = 'user' | 'admin' | 'system' | 'anonymous';
export type TargetType =
  | 'user'
  | 'session'
  | 'organization'
  | 'member'
  | 'invitation'
  | 'team'
  | 'role'
  | 'passkey'
  | 'account'
  | 'apiKey'
  | 'webhookEndpoint';

/** Metadata holds small scalar facts (a method, a count, field names), never a secret or a body. */
export type MetadataValue = string | number | boolean | null | readonly string[];

/** What a feature says about an event; the recorder adds the request's side (actor, IP, agent). */
export interface AuditEventInput {
  type: AuditEventType;
  /** Default `success`. */
  outcome?: AuditOutcome;
  /**
   * Who acted. Default: the request's signed-in user (anonymous without one). Given fields replace
   * the session's, so `{ type: 'admin' }` marks the signed-in user as acting as an admin.
   */
  actor?: {
    type?: ActorType;
    id?: string | null;
    email?: string | null;
    /**
     * The admin impersonating the actor. Default: the request's session's `impersonatedBy` when the
     * actor is that session's user; given where the action's session is not the request's (sign-out,
     * the link branch of the OAuth callback).
     */
    impersonatorId?: string | null;
  };
  target?: { type: TargetType; id: string };
  organizationId?: string | null;
  /** The session's id (never its token); default the request's session. */
  sessionId?: string | null;
  /** The wire error code the client saw, on failures. */
  errorCode?: string;
  metadata?: Record<string, MetadataValue | undefined>;
}

/** An event as the routes answer it: the envelope's field names. */
export interface AuditEventJson {
  id: string;
  type: string;
  occurredAt: string;
  outcome: string;
  actor: { type: string; id: string | null; email: string | null; impersonatorId: string | null };
  target: { type: string; id: string } | null;
  organizationId: string | null;
  sessionId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  errorCode: string | null;
  metadata: Record<string, unknown>;
}

export function auditEventToJson(row: AuditRow): AuditEventJson {
  return {
    id: row.id,
    type: row.type,
    occurredAt: new Date(row.occurredAt).toISOString(),
    outcome: row.outcome,
    actor: {
      type: row.actorType,
      id: row.actorId,
      email: row.actorEmail,
      impersonatorId: row.impersonatorId,
    },
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    organizationId: row.organizationId,
    sessionId: row.sessionId,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    errorCode: row.errorCode,
    metadata: row.metadata ? (JSON.parse(row.metadata) as Record<string, unknown>) : {},
  };
}
