import { type Env, variableReader } from './variables.ts';

/** Rate limiting, and what the Security activity records and tells people. */
export interface SecurityConfig {
  rateLimit: boolean;
  /** Emails on a sign-in from a new browser and address, and on password and email changes; on unless SIGN_IN_ALERTS=off. */
  signInAlerts: boolean;
  /** Approximate session locations from the packaged offline IP database; on unless GEOIP=off. */
  geoip: boolean;
  /** Days a security event is kept (docs/security-activity.md#retention); 0 keeps events forever. */
  auditRetentionDays: number;
}

/** Reads RATE_LIMIT, SIGN_IN_ALERTS, GEOIP and AUDIT_RETENTION_DAYS. */
export function readSecurity(env: Env, problems: string[]): SecurityConfig {
  const read = variableReader(env, problems);
  return {
    rateLimit: read.onOff('RATE_LIMIT'),
    signInAlerts: read.onOff('SIGN_IN_ALERTS'),
    geoip: read.onOff('GEOIP'),
    auditRetentionDays: read.value(
      'AUDIT_RETENTION_DAYS',
      90,
      (raw) => (/^\d{1,6}$/.test(raw) ? Number(raw) : undefined),
      'a whole number of days (0 keeps events forever)',
    ),
  };
}
