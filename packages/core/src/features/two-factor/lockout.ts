import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import {
  deleteVerification,
  findVerification,
  insertVerification,
} from '../../user/verification.repository.ts';
import {
  incrementCounterRow,
  incrementFailures,
  lockTwoFactor,
  resetFailures,
  type TwoFactorRow,
} from './two-factor.repository.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';

/**
 * Consecutive failed second-factor checks of one account, across challenges and factors
 * (docs/protocol/two-factor.md#account-lockout).
 */
export interface Lockout {
  /** 429 ACCOUNT_TEMPORARILY_LOCKED while locked. */
  check(): Promise<void>;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

const locked = () => new AuthError('ACCOUNT_TEMPORARILY_LOCKED');

/**
 * The account's lockout: on the `twoFactor` row's columns when the user has one (1.7's storage, so
 * an adopted lock holds), else in verification rows
 * (docs/protocol/two-factor.md#d6-lockout-without-an-authenticator: users with only emailed codes are locked
 * out too; 1.7 never locks them).
 */
export function lockoutOf(
  auth: AuthContext,
  config: ResolvedTwoFactor,
  userId: string,
  row: TwoFactorRow | null,
): Lockout {
  const { maxFailedAttempts, durationSeconds } = config.lockout;
  const until = () => new Date(auth.options.now() + durationSeconds * 1000);
  if (row) {
    return {
      async check() {
        if (!row.lockedUntil) return;
        if (row.lockedUntil.getTime() > auth.options.now()) throw locked();
        await resetFailures(auth.db, row.id);
      },
      async failed() {
        if ((await incrementFailures(auth.db, row.id)) >= maxFailedAttempts) {
          const lockedUntil = until();
          await lockTwoFactor(auth.db, row.id, lockedUntil);
          await auth.audit.record(undefined, {
            type: 'user.locked_out',
            actor: { type: 'system', id: null, email: null },
            target: { type: 'user', id: userId },
            sessionId: null,
            metadata: { until: lockedUntil.toISOString() },
          });
        }
      },
      succeeded: () => resetFailures(auth.db, row.id),
    };
  }
  const lockId = `2fa-lock-${userId}`;
  const countId = `2fa-failures-${userId}`;
  return {
    async check() {
      if (await findVerification(auth.db, lockId, auth.options.now())) throw locked();
    },
    async failed() {
      const now = auth.options.now();
      let count = await incrementCounterRow(auth.db, countId, now);
      if (count === null) {
        // The count lives as long as a lock would; a quiet account starts again from zero.
        await deleteVerification(auth.db, countId);
        await insertVerification(auth.db, countId, '1', until(), now);
        count = 1;
      }
      if (count >= maxFailedAttempts) {
        await deleteVerification(auth.db, countId);
        await insertVerification(auth.db, lockId, 'locked', until(), now);
      }
    },
    async succeeded() {
      await deleteVerification(auth.db, countId);
    },
  };
}
