import { randomBytes } from 'node:crypto';

let sequence = 0;

/**
 * A sortable event id: the time in milliseconds (12 hex digits), a per-process sequence (6 hex
 * digits, so events of one process within one millisecond keep their order), then 10 random hex
 * digits. Ordering by id is ordering by time, and the cursor is a plain comparison on the key.
 */
export function auditEventId(nowMs: number): string {
  sequence = (sequence + 1) % 0x1000000;
  const time = Math.max(0, Math.floor(nowMs)).toString(16).padStart(12, '0');
  return `${time}${sequence.toString(16).padStart(6, '0')}${randomBytes(5).toString('hex')}`;
}

export const AUDIT_ID_PATTERN = /^[0-9a-f]{28}$/;
