import type { ApiKey } from '@gatehouse/client';

/**
 * A key as the list routes answer it (never with its secret), personal and unused unless `extra`
 * says otherwise; for the screens' tests, whose calls are mocked.
 */
export const apiKeyFixture = (id: string, extra: Partial<ApiKey> = {}): ApiKey => ({
  id,
  configId: 'default',
  name: `Key ${id}`,
  start: `${id}_Xzq`.slice(0, 6),
  referenceId: 'user-1',
  prefix: null,
  refillInterval: null,
  refillAmount: null,
  lastRefillAt: null,
  enabled: true,
  rateLimitEnabled: true,
  rateLimitTimeWindow: 86_400_000,
  rateLimitMax: 10,
  requestCount: 0,
  remaining: null,
  lastRequest: null,
  expiresAt: null,
  createdAt: '2026-03-12T10:00:00.000Z',
  updatedAt: '2026-03-12T10:00:00.000Z',
  permissions: null,
  metadata: null,
  ...extra,
});
