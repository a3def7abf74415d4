import { toBoolean, toDate } from '../../db/schema.ts';

/** The two configurations of docs/protocol/api-key.md#configurations-gatehouse-serves. */
export type ConfigId = 'default' | 'organization';

/**
 * An `apikey` row as the feature works with it, without its `key` column: the hash never leaves the
 * repository, so no answer can carry it (docs/protocol/api-key.md#decisions-for-gatehouse, K4).
 * `configId` is what the row says; NULL, missing and `default` all mean the default configuration.
 */
export interface ApiKeyRow {
  id: string;
  configId: string;
  name: string | null;
  start: string | null;
  referenceId: string;
  prefix: string | null;
  refillInterval: number | null;
  refillAmount: number | null;
  lastRefillAt: Date | null;
  enabled: boolean | null;
  rateLimitEnabled: boolean | null;
  rateLimitTimeWindow: number | null;
  rateLimitMax: number | null;
  requestCount: number | null;
  remaining: number | null;
  lastRequest: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The stored text: parsed for answers (`api-key-json.ts`). */
  permissions: string | null;
  metadata: string | null;
  /** The member who made an organization key (K10); null for a personal key or an older row. */
  createdBy: string | null;
  /** Gatehouse's own columns (features/api-key/README.md), answered since K11. */
  lastRequestIp: string | null;
  lastRequestUserAgent: string | null;
}

/** The ApiKey object's fields: the reference's but `key`, then Gatehouse's last-use ones (K11). */
export const KEY_FIELDS = [
  'id',
  'configId',
  'name',
  'start',
  'referenceId',
  'prefix',
  'refillInterval',
  'refillAmount',
  'lastRefillAt',
  'enabled',
  'rateLimitEnabled',
  'rateLimitTimeWindow',
  'rateLimitMax',
  'requestCount',
  'remaining',
  'lastRequest',
  'expiresAt',
  'createdAt',
  'updatedAt',
  'permissions',
  'metadata',
  'lastRequestIp',
  'lastRequestUserAgent',
] as const;

/** Every column the feature reads: the ApiKey fields and Gatehouse's `createdBy` (K10). */
export const ROW_COLUMNS = [...KEY_FIELDS, 'createdBy'] as const;

const numberOrNull = (value: unknown): number | null => (value == null ? null : Number(value));
const dateOrNull = (value: unknown): Date | null => (value == null ? null : toDate(value as string));
const booleanOrNull = (value: unknown): boolean | null =>
  value == null ? null : toBoolean(value as boolean | number);

/** Reads the stored forms either database holds: ISO text or timestamps, 0/1 or booleans, numbers as text. */
export function rowFromDatabase(row: Record<string, unknown>): ApiKeyRow {
  return {
    id: row.id as string,
    configId: (row.configId as string | null) || 'default',
    name: (row.name as string | null) ?? null,
    start: (row.start as string | null) ?? null,
    referenceId: row.referenceId as string,
    prefix: (row.prefix as string | null) ?? null,
    refillInterval: numberOrNull(row.refillInterval),
    refillAmount: numberOrNull(row.refillAmount),
    lastRefillAt: dateOrNull(row.lastRefillAt),
    enabled: booleanOrNull(row.enabled),
    rateLimitEnabled: booleanOrNull(row.rateLimitEnabled),
    rateLimitTimeWindow: numberOrNull(row.rateLimitTimeWindow),
    rateLimitMax: numberOrNull(row.rateLimitMax),
    requestCount: numberOrNull(row.requestCount),
    remaining: numberOrNull(row.remaining),
    lastRequest: dateOrNull(row.lastRequest),
    expiresAt: dateOrNull(row.expiresAt),
    createdAt: toDate(row.createdAt as string),
    updatedAt: toDate(row.updatedAt as string),
    permissions: (row.permissions as string | null) ?? null,
    metadata: (row.metadata as string | null) ?? null,
    createdBy: (row.createdBy as string | null) ?? null,
    lastRequestIp: (row.lastRequestIp as string | null) ?? null,
    lastRequestUserAgent: (row.lastRequestUserAgent as string | null) ?? null,
  };
}

/** Whether the row belongs to this configuration (rows older than `configId` are the default's). */
export const isOfConfig = (row: ApiKeyRow, configId: ConfigId): boolean => row.configId === configId;
