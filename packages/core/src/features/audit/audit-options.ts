/** The security activity settings (docs/security-activity.md#retention). */
export interface AuditOptions {
  /** Days an event is kept; default 90; 0 keeps events forever. */
  retentionDays?: number;
  /** Seconds between background prunes; default 3600. */
  pruneIntervalSeconds?: number;
}

export interface ResolvedAudit {
  retentionDays: number;
  pruneIntervalSeconds: number;
}

export function resolveAudit(options: AuditOptions | undefined): ResolvedAudit {
  const retentionDays = options?.retentionDays ?? 90;
  if (!Number.isInteger(retentionDays) || retentionDays < 0) {
    throw new Error('audit.retentionDays must be a whole number of days, 0 or more');
  }
  const pruneIntervalSeconds = options?.pruneIntervalSeconds ?? 3600;
  if (!(pruneIntervalSeconds > 0)) throw new Error('audit.pruneIntervalSeconds must be above 0');
  return { retentionDays, pruneIntervalSeconds };
}
