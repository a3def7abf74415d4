import { randomBytes } from 'node:crypto';

/**
 * A sortable event id: the time in milliseconds as 12 hex digits, then 16 random hex digits, so
 * ordering by id is ordering by time (ties within a millisecond in any order) and the cursor is
 * a plain comparison on the primary key.
 */
export function auditEventId(nowMs: number): string {
  return `${Math.max(0, Math.floor(nowMs)).toString(16).padStart(12, '0')}${randomBytes(8).toString('hex')}`;
}

export const AUDIT_ID_PATTERN = /^[0-9a-f]{28}$/;
