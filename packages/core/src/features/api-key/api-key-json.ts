import type { ApiKeyRow } from './api-key-row.ts';

/** JSON text, or null when it is none or unreadable: an answer never fails on a stored value. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The stored metadata as an object or null, and whether the row holds it the legacy way: a JSON
 * string holding the object's JSON text ("double-stringified",
 * docs/protocol/api-key.md#data-model-table-apikey), which the reader rewrites once.
 */
export function readMetadata(text: string | null): { value: unknown; legacy: boolean } {
  const once = parsed(text);
  if (typeof once !== 'string') return { value: once ?? null, legacy: false };
  return { value: parsed(once), legacy: true };
}

/**
 * The ApiKey object (docs/protocol/api-key.md#objects-on-the-wire), in the
 * reference's key order: every column but the hash, `metadata` and `permissions` parsed. The
 * last-used IP and user agent come after the reference's fields (K11 in that document).
 */
export function apiKeyToJson(row: ApiKeyRow): Record<string, unknown> {
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  return {
    configId: row.configId,
    name: row.name,
    start: row.start,
    referenceId: row.referenceId,
    prefix: row.prefix,
    refillInterval: row.refillInterval,
    refillAmount: row.refillAmount,
    lastRefillAt: iso(row.lastRefillAt),
    enabled: row.enabled,
    rateLimitEnabled: row.rateLimitEnabled,
    rateLimitTimeWindow: row.rateLimitTimeWindow,
    rateLimitMax: row.rateLimitMax,
    requestCount: row.requestCount,
    remaining: row.remaining,
    lastRequest: iso(row.lastRequest),
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    permissions: parsed(row.permissions),
    metadata: readMetadata(row.metadata).value,
    id: row.id,
    lastRequestIp: row.lastRequestIp,
    lastRequestUserAgent: row.lastRequestUserAgent,
  };
}
