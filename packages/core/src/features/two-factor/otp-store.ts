import type { AuthContext } from '../../context.ts';
import {
  deleteVerification,
  findVerification,
  insertVerification,
} from '../../user/verification.repository.ts';

// One emailed code per key in a verification row `2fa-otp-{key}` = `{stored}:{failures}`
// (docs/protocol/two-factor.md#verification-rows, docs/protocol/two-factor.md#emailed-codes).

const otpId = (key: string) => `2fa-otp-${key}`;

/** Stores a code's hash for a key, replacing the code sent before. */
export async function storeOtp(
  auth: AuthContext,
  key: string,
  hashed: string,
  minutes: number,
): Promise<void> {
  const now = auth.options.now();
  await deleteVerification(auth.db, otpId(key));
  await insertVerification(auth.db, otpId(key), `${hashed}:0`, new Date(now + minutes * 60_000), now);
}

export interface TakenOtp {
  stored: string;
  failures: number;
  /** Puts the code back with one more failure and its original expiry. */
  putBackFailed(): Promise<void>;
}

/**
 * Takes the key's unexpired code out of storage, or null. The delete decides races: of two checks
 * at once only the one whose delete removed the row goes on.
 */
export async function takeOtp(auth: AuthContext, key: string): Promise<TakenOtp | null> {
  const found = await findVerification(auth.db, otpId(key), auth.options.now());
  if (!found || !(await deleteVerification(auth.db, otpId(key)))) return null;
  const colon = found.value.lastIndexOf(':');
  const stored = colon === -1 ? found.value : found.value.slice(0, colon);
  const parsed = colon === -1 ? 0 : Number(found.value.slice(colon + 1));
  const failures = Number.isInteger(parsed) && parsed >= 0 ? parsed : Number.MAX_SAFE_INTEGER;
  return {
    stored,
    failures,
    putBackFailed: () =>
      insertVerification(
        auth.db,
        otpId(key),
        `${stored}:${failures + 1}`,
        found.expiresAt,
        auth.options.now(),
      ),
  };
}
