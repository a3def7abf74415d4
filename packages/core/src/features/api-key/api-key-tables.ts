import type { ColumnType } from 'kysely';
import type { BooleanColumn, DateColumn } from '../../db/schema.ts';

/** An integer column: PostgreSQL's driver may hand back text for large values. */
type IntegerColumn = ColumnType<number | string, number, number>;

/**
 * One API key, as Better Auth's api-key plugin stores it (docs/protocol/api-key.md#data-model-table-apikey):
 * `key` holds the key's hash, never the key; `referenceId` a user id (configuration `default`) or an
 * organization id (`organization`), without a foreign key. `metadata` and `permissions` are JSON
 * text. `lastRequestIp` and `lastRequestUserAgent` are Gatehouse's own (features/api-key/README.md):
 * absent from a table Better Auth made until the migration adds them, ignored by Better Auth.
 */
export interface ApiKeyTable {
  id: string;
  configId: string | null;
  name: string | null;
  start: string | null;
  referenceId: string;
  prefix: string | null;
  key: string;
  refillInterval: IntegerColumn | null;
  refillAmount: IntegerColumn | null;
  lastRefillAt: DateColumn | null;
  enabled: BooleanColumn | null;
  rateLimitEnabled: BooleanColumn | null;
  rateLimitTimeWindow: IntegerColumn | null;
  rateLimitMax: IntegerColumn | null;
  requestCount: IntegerColumn | null;
  remaining: IntegerColumn | null;
  lastRequest: DateColumn | null;
  expiresAt: DateColumn | null;
  createdAt: DateColumn;
  updatedAt: DateColumn;
  permissions: string | null;
  metadata: string | null;
  lastRequestIp: string | null;
  lastRequestUserAgent: string | null;
  /** Gatehouse's own: the member who made an organization key (K10); NULL for personal keys and older rows. */
  createdBy: string | null;
}

/** The feature's tables, by name; part of `Schema` (`db/schema.ts`). */
export interface ApiKeyTables {
  apikey: ApiKeyTable;
}
