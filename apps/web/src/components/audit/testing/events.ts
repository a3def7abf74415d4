import type { SecurityEvent } from '@gatehouse/client';

/** Test data for the activity screens' component tests (never used by the app). */
export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

export function securityEvent(id: string, type: string, extra: Partial<SecurityEvent> = {}): SecurityEvent {
  return {
    id,
    type,
    occurredAt: '2026-11-20T10:00:00.000Z',
    outcome: 'success',
    actor: { type: 'user', id: 'user-ada', email: 'ada@example.com', impersonatorId: null },
    target: null,
    organizationId: null,
    sessionId: null,
    ip: '203.0.113.7',
    userAgent: CHROME_MAC,
    requestId: null,
    errorCode: null,
    metadata: {},
    ...extra,
  };
}
