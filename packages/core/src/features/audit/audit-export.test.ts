import { describe, expect, it } from 'vitest';
import type { AuditEventJson } from '../../audit-event.ts';
import { csvHeader, csvLine, ndjsonLine } from './audit-export.ts';

const event: AuditEventJson = {
  id: '0190000000000000010000000000',
  type: 'user.signed_in',
  occurredAt: '2026-01-02T03:04:05.678Z',
  outcome: 'success',
  actor: { type: 'user', id: 'u1', email: '=HYPERLINK("x")@example.com', impersonatorId: null },
  target: { type: 'user', id: 'u1' },
  organizationId: null,
  sessionId: 's1',
  ip: '127.0.0.1',
  userAgent: 'Agent, "quoted"\nnext line',
  requestId: null,
  errorCode: null,
  metadata: { method: 'password' },
};

describe('export formats', () => {
  it('writes one JSON object per NDJSON line', () => {
    const line = ndjsonLine(event);
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toEqual(event);
  });

  it('writes RFC 4180 CSV: flattened envelope, quoted cells, formulas defused', () => {
    expect(csvHeader()).toBe(
      'id,type,occurredAt,outcome,actorType,actorId,actorEmail,impersonatorId,targetType,targetId,organizationId,sessionId,ip,userAgent,requestId,errorCode,metadata\r\n',
    );
    expect(csvLine(event)).toBe(
      '0190000000000000010000000000,user.signed_in,2026-01-02T03:04:05.678Z,success,user,u1,' +
        `"'=HYPERLINK(""x"")@example.com",,user,u1,,s1,127.0.0.1,"Agent, ""quoted""\nnext line",,,` +
        '"{""method"":""password""}"\r\n',
    );
  });
});
