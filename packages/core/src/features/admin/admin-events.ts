/** The security events only the admin feature records, part of the event model (`event-types.ts`). */
export const adminEvents = [
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
