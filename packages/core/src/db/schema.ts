import type { ColumnType, Kysely } from 'kysely';

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

/**
 * Signing keys of the JWT feature (docs/protocol/jwt.md#keys-and-rotation); JWK JSON text in both key
 * columns.
 */
export interface JwksTable {
  id: string;
  publicKey: string;
  privateKey: string;
  createdAt: DateColumn;
  expiresAt: DateColumn | null;
  alg: string | null;
  crv: string | null;
}

/** Organization feature tables (docs/protocol/organization.md#tables); `metadata` is JSON text. */
export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: DateColumn;
  metadata: string | null;
  /** Gatehouse's policy: members act inside only with two-factor on (features/organization/README.md). */
  requireTwoFactor: ColumnType<boolean | number, number | undefined, number>;
}

/** `role` is a comma-separated list of role names. */
export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: DateColumn;
}

/** Members per organization, kept by triggers on `member` (migrations/0017-member-count.ts). */
export interface MemberCountTable {
  organizationId: string;
  members: number;
}

/** Each organization's member-list version, changed by triggers (migrations/0018-member-page-version.ts). PostgreSQL answers the bigint as text. */
export interface MemberPageVersionTable {
  organizationId: string;
  version: ColumnType<number | string, number, number>;
}

/** `teamId` is a comma-joined list of team ids, or null. */
export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  teamId: string | null;
  status: string;
  expiresAt: DateColumn;
  createdAt: DateColumn;
  inviterId: string;
}

export interface TeamTable {
  id: string;
  name: string;
  memberCount: ColumnType<number | string, number | undefined, number>;
  organizationId: string;
  createdAt: DateColumn;
  updatedAt: DateColumn | null;
}

/** `membershipKey` (unique) guarantees one row per (team, user). */
export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  membershipKey: string | null;
  createdAt: DateColumn | null;
}

/** Custom roles of one organization; `permission` is JSON text `{resource: [action]}`. */
export interface OrganizationRoleTable {
  id: string;
  organizationId: string;
  role: string;
  permission: string;
  createdAt: DateColumn;
  updatedAt: DateColumn | null;
}

/**
 * One row per user with an authenticator app (docs/protocol/two-factor.md#the-two-factor-table). `secret` and
 * `backupCodes` are encrypted with the secret; `verified` is false while an enrolment waits for
 * its first code, and null (a row from an older Better Auth) counts as verified.
 */
export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: BooleanColumn | null;
  failedVerificationCount: ColumnType<number | string | null, number | undefined, number>;
  lockedUntil: DateColumn | null;
}

/**
 * One WebAuthn credential (docs/protocol/passkey.md#the-passkey-table). `publicKey` is the COSE key in
 * standard base64, `credentialID` base64url as the browser returns it, `transports` comma-joined.
 * `lastUsedAt` is Gatehouse's own (features/passkey/README.md): null until the first sign-in, and
 * absent from a database only Better Auth has written until the migration adds it.
 */
export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: ColumnType<number | string, number, number>;
  deviceType: string;
  backedUp: BooleanColumn;
  transports: string | null;
  createdAt: DateColumn | null;
  aaguid: string | null;
  lastUsedAt: DateColumn | null;
}

/** An uploaded profile picture (features/avatar/README.md); `version` is a hash of `data`. */
export interface AvatarTable {
  userId: string;
  contentType: string;
  data: Uint8Array;
  width: number;
  height: number;
  version: string;
  updatedAt: DateColumn;
}

/**
 * One security event (features/audit/README.md), append-only. `id` sorts by time (a hex time
 * prefix), `metadata` is JSON text of small typed values and never holds a secret.
 */
export interface AuditEventTable {
  id: string;
  type: string;
  occurredAt: DateColumn;
  outcome: string;
  actorType: string;
  actorId: string | null;
  actorEmail: string | null;
  impersonatorId: string | null;
  targetType: string | null;
  targetId: string | null;
  organizationId: string | null;
  sessionId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  errorCode: string | null;
  metadata: string | null;
}

/** A browser and address an account signed in from, as a keyed hash (notices/README.md). */
export interface KnownDeviceTable {
  userId: string;
  fingerprint: string;
  firstSeenAt: DateColumn;
}

/** Every table the engine owns; names and columns match Better Auth's default schema. */
export interface Schema {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  jwks: JwksTable;
  organization: OrganizationTable;
  member: MemberTable;
  memberCount: MemberCountTable;
  memberPageVersion: MemberPageVersionTable;
  invitation: InvitationTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  organizationRole: OrganizationRoleTable;
  twoFactor: TwoFactorTable;
  passkey: PasskeyTable;
  avatar: AvatarTable;
  auditEvent: AuditEventTable;
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
