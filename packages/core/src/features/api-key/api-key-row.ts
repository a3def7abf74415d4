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

type ColumnNames = { readonly [C in (typeof ROW_COLUMNS)[number]]: string };

const namesWith = (prefix: string) =>
  Object.fromEntries(ROW_COLUMNS.map((column) => [column, prefix + column])) as ColumnNames;
const PLAIN = namesWith('');
/** The key's columns under `k_` names, beside its owner's `user.*` in one row (`api-key.repository.ts`). */
export const PREFIXED = namesWith('k_');

/**
 * Reads the stored forms either database holds: ISO text or timestamps, 0/1 or booleans, numbers as
 * text; the columns under `names` (the plain ones, or `PREFIXED`).
 */
export function rowFromDatabase(row: Record<string, unknown>, names: ColumnNames = PLAIN): ApiKeyRow {
  return {
    id: row[names.id] as string,
    configId: (row[names.configId] as string | null) || 'default',
    name: (row[names.name] as string | null) ?? null,
    start: (row[names.start] as string | null) ?? null,
    referenceId: row[names.referenceId] as string,
    prefix: (row[names.prefix] as string | null) ?? null,
    refillInterval: numberOrNull(row[names.refillInterval]),
    refillAmount: numberOrNull(row[names.refillAmount]),
    lastRefillAt: dateOrNull(row[names.lastRefillAt]),
    enabled: booleanOrNull(row[names.enabled]),
    rateLimitEnabled: booleanOrNull(row[names.rateLimitEnabled]),
    rateLimitTimeWindow: numberOrNull(row[names.rateLimitTimeWindow]),
    rateLimitMax: numberOrNull(row[names.rateLimitMax]),
    requestCount: numberOrNull(row[names.requestCount]),
    remaining: numberOrNull(row[names.remaining]),
    lastRequest: dateOrNull(row[names.lastRequest]),
    expiresAt: dateOrNull(row[names.expiresAt]),
    createdAt: toDate(row[names.createdAt] as string),
    updatedAt: toDate(row[names.updatedAt] as string),
    permissions: (row[names.permissions] as string | null) ?? null,
    metadata: (row[names.metadata] as string | null) ?? null,
    createdBy: (row[names.createdBy] as string | null) ?? null,
    lastRequestIp: (row[names.lastRequestIp] as string | null) ?? null,
    lastRequestUserAgent: (row[names.lastRequestUserAgent] as string | null) ?? null,
  };
}

/** Whether the row belongs to this configuration (rows older than `configId` are the default's). */
export const isOfConfig = (row: ApiKeyRow, configId: ConfigId): boolean => row.configId === configId;
