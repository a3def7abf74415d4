import type { AuditRow } from './audit.repository.ts';

/**
 * The event types of the audit event model (docs/security-activity.md#events). Only these are written,
 * so a typo at a call site is a type error rather than an event nobody filters for.
 */
export const AUDIT_EVENT_TYPES = [
  'user.signed_up',
  'user.signed_in',
  'user.sign_in_failed',
  'user.signed_out',
  'user.locked_out',
  'rate_limit.exceeded',
  'user.two_factor_challenged',
  'user.two_factor_verified',
  'user.two_factor_failed',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'user.backup_codes_generated',
  'user.backup_code_used',
  'user.totp_uri_read',
  'user.trusted_device_added',
  'user.trusted_devices_revoked',
  'user.passkey_registered',
  'user.passkey_renamed',
  'user.passkey_deleted',
  'user.passkey_sign_in_failed',
  'user.reauthenticated',
  'user.password_changed',
  'user.password_reset_requested',
  'user.password_reset_completed',
  'user.email_verification_sent',
  'user.email_verified',
  'user.email_change_requested',
  'user.email_changed',
  'user.profile_updated',
  'user.deletion_requested',
  'user.deleted',
  'account.linked',
  'account.unlinked',
  'account.tokens_read',
  'session.created',
  'session.revoked',
  'session.revoked_all',
  'session.refreshed',
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'organization.member_added',
  'organization.member_removed',
  'organization.member_role_changed',
  'organization.invitation_created',
  'organization.invitation_accepted',
  'organization.invitation_rejected',
  'organization.invitation_canceled',
  'organization.team_created',
  'organization.team_updated',
  'organization.team_deleted',
  'organization.team_member_added',
  'organization.team_member_removed',
  'organization.role_created',
  'organization.role_updated',
  'organization.role_deleted',
  'organization.two_factor_policy_changed',
  'organization.audit_exported',
  'admin.user_created',
  'admin.user_updated',
  'admin.user_role_set',
  'admin.user_password_set',
  'admin.user_banned',
  'admin.user_unbanned',
  'admin.user_deleted',
  'admin.user_sessions_revoked',
  'admin.two_factor_reset',
  'admin.impersonation_started',
  'admin.impersonation_stopped',
  'admin.audit_exported',
] as const;

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
  | 'account';

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
