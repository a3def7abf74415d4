import type { ColumnType, Kysely } from 'kysely';
import type { ApiKeyTables } from '../features/api-key/api-key-tables.ts';
import type { AuditTables } from '../features/audit/audit-tables.ts';
import type { AvatarTables } from '../features/avatar/avatar-tables.ts';
import type { JwtTables } from '../features/jwt/jwt-tables.ts';
import type { OrganizationTables } from '../features/organization/organization-tables.ts';
import type { PasskeyTables } from '../features/passkey/passkey-tables.ts';
import type { TwoFactorTables } from '../features/two-factor/two-factor-tables.ts';
import type { WebhookTables } from '../features/webhooks/webhooks-tables.ts';

/**
 * Dates are written as ISO-8601 text (`2026-01-02T03:04:05.678Z`) on every dialect: SQLite keeps
 * the text as-is (Better Auth's stored format, compared as strings), PostgreSQL parses it into
 * timestamptz and reads back a Date.
 */
export type DateColumn = ColumnType<Date | string, string, string>;
/** Booleans are written as 0/1, which SQLite stores as integers and PostgreSQL accepts as booleans. */
export type BooleanColumn = ColumnType<boolean | number, number, number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: BooleanColumn;
  image: string | null;
  createdAt: DateColumn;
  updatedAt: DateColumn;
}

export interface SessionTable {
  id: string;
  expiresAt: DateColumn;
  token: string;
  createdAt: DateColumn;
  updatedAt: DateColumn;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy?: string | null;
  activeOrganizationId?: string | null;
  activeTeamId?: string | null;
  /** Gatehouse only (migration 0019): the last real authentication; null on Better Auth's rows. */
  authenticatedAt?: DateColumn | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: DateColumn | null;
  refreshTokenExpiresAt: DateColumn | null;
  scope: string | null;
  password: string | null;
  createdAt: DateColumn;
  updatedAt: DateColumn;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: DateColumn;
  createdAt: DateColumn;
  updatedAt: DateColumn;
}

/** Rate-limit counters (storage `database`). PostgreSQL reads bigint back as a string. */
export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: ColumnType<number | string, number, number>;
}

/** A browser and address an account signed in from, as a keyed hash (notices/README.md). */
export interface KnownDeviceTable {
  userId: string;
  fingerprint: string;
  firstSeenAt: DateColumn;
}

/**
 * Every table the engine owns, the core's here and each feature's from its folder
 * (`<feature>-tables.ts`); names and columns match Better Auth's default schema.
 */
export interface Schema
  extends JwtTables,
    OrganizationTables,
    TwoFactorTables,
    PasskeyTables,
    AvatarTables,
    AuditTables,
    ApiKeyTables,
    WebhookTables {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  knownDevice: KnownDeviceTable;
}

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the query builder plus what differs between dialects. */
export interface AuthDatabase {
  db: Kysely<Schema>;
  dialect: Dialect;
  /**
   * Runs one precompiled read straight on the driver, for the hot path (get-session without the
   * cookie cache): no query building, no connection bookkeeping, a statement prepared once.
   */
  selectFirst(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown> | undefined>;
  /** The same for every row of the result (the batched session read on PostgreSQL). */
  selectAll(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** PostgreSQL only: the connection pool's use now, for the host's metrics. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

/** Connections of a pool: open ones, the idle among them, and queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** Text that `Date.prototype.toISOString` writes: what Gatehouse stores on SQLite. */
const ISO_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A stored date as the wire's ISO text. Text already in that form is answered as stored: parsing it
 * into a Date and writing it back gave the same text, and cost a tenth of a 100-member list's
 * answer (`npm run bench:profile -- "list-members (1,000 members)"`). Any other text (an adopted
 * database's own format) and PostgreSQL's Dates go through a Date.
 */
export const toIsoText = (value: Date | string): string =>
  typeof value === 'string' && ISO_TEXT.test(value) ? value : toDate(value).toISOString();
export const toBoolean = (value: boolean | number): boolean => value === true || value === 1;
export const isoNow = (nowMs: number): string => new Date(nowMs).toISOString();
