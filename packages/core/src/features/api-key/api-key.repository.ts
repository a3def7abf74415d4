import { type Kysely, sql, type Transaction } from 'kysely';
import { hotRead, hotWrite, type ReadOn } from '../../db/hot-read.ts';
import { rowLimit } from '../../db/row-limit.ts';
import type { Schema } from '../../db/schema.ts';
import {
  type ApiKeyRow,
  type ConfigId,
  KEY_FIELDS,
  PREFIXED,
  ROW_COLUMNS,
  rowFromDatabase,
} from './api-key-row.ts';
import type { DecodedKey, DecodedKeys } from './decoded-keys.ts';

/** What create stores: every column, with the key's hash, never the key. */
export interface NewApiKey {
  id: string;
  configId: ConfigId;
  name: string | null;
  start: string;
  referenceId: string;
  prefix: string | null;
  hash: string;
  refillInterval: number | null;
  refillAmount: number | null;
  enabled: boolean;
  rateLimitEnabled: boolean;
  rateLimitTimeWindow: number | null;
  rateLimitMax: number | null;
  remaining: number | null;
  expiresAt: string | null;
  createdAt: string;
  permissions: string | null;
  metadata: string;
  /** The member who made an organization key (K10); null for a personal key. */
  createdBy: string | null;
}

/** The columns update may change, in their stored form. */
export interface ApiKeyChanges {
  name?: string;
  enabled?: number;
  metadata?: string;
  expiresAt?: string | null;
  remaining?: number | null;
  refillAmount?: number | null;
  refillInterval?: number | null;
  rateLimitEnabled?: number;
  rateLimitTimeWindow?: number | null;
  rateLimitMax?: number | null;
  permissions?: string | null;
}

const bit = (value: boolean) => (value ? 1 : 0);

export async function insertApiKey(db: Kysely<Schema>, key: NewApiKey): Promise<void> {
  await db
    .insertInto('apikey')
    .values({
      id: key.id,
      configId: key.configId,
      name: key.name,
      start: key.start,
      referenceId: key.referenceId,
      prefix: key.prefix,
      key: key.hash,
      refillInterval: key.refillInterval,
      refillAmount: key.refillAmount,
      lastRefillAt: null,
      enabled: bit(key.enabled),
      rateLimitEnabled: bit(key.rateLimitEnabled),
      rateLimitTimeWindow: key.rateLimitTimeWindow,
      rateLimitMax: key.rateLimitMax,
      requestCount: 0,
      remaining: key.remaining,
      lastRequest: null,
      expiresAt: key.expiresAt,
      createdAt: key.createdAt,
      updatedAt: key.createdAt,
      permissions: key.permissions,
      metadata: key.metadata,
      lastRequestIp: null,
      lastRequestUserAgent: null,
      createdBy: key.createdBy,
    })
    .execute();
}

export async function findApiKeyById(db: Kysely<Schema>, id: string): Promise<ApiKeyRow | undefined> {
  const row = await db.selectFrom('apikey').select(ROW_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && rowFromDatabase(row);
}

// Batched on PostgreSQL by the hash, which each row carries back (as `k_key`) to its caller.
const keyWithOwnerByHash = hotRead((db, v: { hash: string }) =>
  db
    .selectFrom('apikey')
    .leftJoin('user', 'user.id', 'apikey.referenceId')
    .selectAll('user')
    .select(ROW_COLUMNS.map((column) => `apikey.${column} as ${PREFIXED[column]}` as 'apikey.id'))
    .select('apikey.key as k_key')
    .where('apikey.key', '=', v.hash),
).batchedBy({ hash: 'k_key' });

/**
 * The row a presented key's hash names (`apikey_key_idx`), with its owner in the same read: a hot
 * read on every `x-api-key` request, one statement as the cookie session's is; decoded through the
 * engine's remembered rows (`decoded-keys.ts`).
 */
export async function findApiKeyByHash(
  on: ReadOn,
  hash: string,
  keys: DecodedKeys,
): Promise<DecodedKey | undefined> {
  const found = await keyWithOwnerByHash.first(on, { hash });
  return found && keys.decode(hash, found);
}

/** The ApiKey fields a list may be sorted by (docs/protocol/api-key.md#list). */
export const SORTABLE_FIELDS = KEY_FIELDS;
export type SortField = (typeof SORTABLE_FIELDS)[number];

export interface KeyListQuery {
  referenceId: string;
  /** The owner's configuration: personal keys are the default's, rows without `configId` included. */
  ownerConfig: ConfigId;
  /** Only this configuration's keys, when the caller asks. */
  configId?: string;
  sortBy?: SortField;
  sortDirection: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

/** One owner's keys, sorted and paged, with the count of all of them. */
export async function listApiKeys(
  db: Kysely<Schema>,
  query: KeyListQuery,
): Promise<{ rows: ApiKeyRow[]; total: number }> {
  let filtered = db.selectFrom('apikey').where('referenceId', '=', query.referenceId);
  filtered =
    query.ownerConfig === 'default'
      ? filtered.where((eb) => eb.or([eb('configId', 'is', null), eb('configId', 'in', ['', 'default'])]))
      : filtered.where('configId', '=', query.ownerConfig);
  if (query.configId !== undefined) {
    const wanted = query.configId;
    filtered =
      wanted === 'default'
        ? filtered.where((eb) => eb.or([eb('configId', 'is', null), eb('configId', 'in', ['', 'default'])]))
        : filtered.where('configId', '=', wanted);
  }
  const count = await filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  let page = filtered.select(ROW_COLUMNS);
  page = query.sortBy
    ? page.orderBy(query.sortBy, query.sortDirection).orderBy('id', query.sortDirection)
    : page.orderBy('createdAt').orderBy('id');
  // SQLite takes OFFSET only after a LIMIT: "no limit" is the largest one.
  if (query.limit !== undefined || query.offset !== undefined)
    page = page.limit(rowLimit(query.limit ?? Number.MAX_SAFE_INTEGER));
  if (query.offset !== undefined) page = page.offset(query.offset);
  const rows = await page.execute();
  return { rows: rows.map((row) => rowFromDatabase(row)), total: Number(count?.n ?? 0) };
}

export async function updateApiKey(db: Kysely<Schema>, id: string, changes: ApiKeyChanges): Promise<void> {
  await db.updateTable('apikey').set(changes).where('id', '=', id).execute();
}

/**
 * A new secret for the key (K13): its hash and `start` replace the old ones, so the old key matches
 * no row from this write on; everything else stays.
 */
export async function replaceKeyHash(
  db: Kysely<Schema>,
  id: string,
  next: { hash: string; start: string },
): Promise<void> {
  await db.updateTable('apikey').set({ key: next.hash, start: next.start }).where('id', '=', id).execute();
}

/** Rewrites legacy double-encoded metadata in its single-encoded form. */
export async function rewriteMetadata(db: Kysely<Schema>, id: string, metadata: string): Promise<void> {
  await db.updateTable('apikey').set({ metadata }).where('id', '=', id).execute();
}

/** True when the row was there to delete. */
export async function deleteApiKey(db: Kysely<Schema>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('apikey').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every key past its expiry (docs/protocol/api-key.md#expiry). */
export async function deleteExpiredApiKeys(db: Kysely<Schema>, now: string): Promise<void> {
  await db.deleteFrom('apikey').where('expiresAt', 'is not', null).where('expiresAt', '<', now).execute();
}

/** The keys of an owner that is being deleted, in the deleting feature's transaction. */
export async function deleteApiKeysOf(
  trx: Transaction<Schema>,
  referenceId: string,
  ownerConfig: ConfigId,
): Promise<void> {
  let owned = trx.deleteFrom('apikey').where('referenceId', '=', referenceId);
  owned =
    ownerConfig === 'default'
      ? owned.where((eb) => eb.or([eb('configId', 'is', null), eb('configId', 'in', ['', 'default'])]))
      : owned.where('configId', '=', ownerConfig);
  await owned.execute();
}

/** The counters a use writes, and the values they were read with: the write lands only if they still hold. */
export interface UseWrite {
  id: string;
  read: { requestCount: number | null; remaining: number | null; lastRefillAt: string | null };
  set: {
    requestCount: number | null;
    remaining: number | null;
    lastRefillAt: string | null;
    lastRequest: string;
    updatedAt: string;
    lastRequestIp: string | null;
    lastRequestUserAgent: string | null;
  };
}

/**
 * Counts one use, compare-and-set: the update applies only while `requestCount`, `remaining` and
 * `lastRefillAt` are what the decision read, so two requests deciding on the same row cannot both
 * take the last allowed use (the loser reads again, `key-use.ts`). Answers the row as written, read
 * back by the same statement (RETURNING, on SQLite and PostgreSQL alike), or undefined when it did not apply.
 */
export async function recordUse(on: ReadOn, write: UseWrite): Promise<ApiKeyRow | undefined> {
  const { read } = write;
  const row = await countedUse.first(on, {
    id: write.id,
    readRequestCount: read.requestCount,
    readRemaining: read.remaining,
    readLastRefillAt: read.lastRefillAt,
    ...write.set,
  });
  return row && rowFromDatabase(row);
}

// `IS NOT DISTINCT FROM` compares a counter with the value read, null or not, so the statement has
// one shape whatever the counters hold and is compiled once (db/hot-read.ts#hotWrite).
const sameAs = (column: 'requestCount' | 'remaining' | 'lastRefillAt', value: unknown) =>
  sql<boolean>`${sql.ref(column)} is not distinct from ${value}`;

const countedUse = hotWrite(
  (
    db,
    v: UseWrite['set'] & {
      id: string;
      readRequestCount: number | null;
      readRemaining: number | null;
      readLastRefillAt: string | null;
    },
  ) =>
    db
      .updateTable('apikey')
      .set({
        requestCount: v.requestCount,
        remaining: v.remaining,
        lastRefillAt: v.lastRefillAt,
        lastRequest: v.lastRequest,
        updatedAt: v.updatedAt,
        lastRequestIp: v.lastRequestIp,
        lastRequestUserAgent: v.lastRequestUserAgent,
      })
      .where('id', '=', v.id)
      .where(sameAs('requestCount', v.readRequestCount))
      .where(sameAs('remaining', v.readRemaining))
      .where(sameAs('lastRefillAt', v.readLastRefillAt))
      .returning(ROW_COLUMNS),
);
