import type { ColumnType } from 'kysely';
import type { BooleanColumn, DateColumn } from '../../db/schema.ts';

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

/** The feature's tables, by name; part of `Schema` (`db/schema.ts`). */
export interface TwoFactorTables {
  twoFactor: TwoFactorTable;
}
