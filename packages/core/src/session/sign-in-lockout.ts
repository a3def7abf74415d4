import type { AuthContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { addressCounterKey } from '../http/rate-limit/counters.ts';
import type { RequestContext } from '../http/request-context.ts';
import { retryAfterHeaders } from '../http/respond.ts';

/**
 * One password sign-in, counted against the name it was made with (options
 * `emailAndPassword.signInLockout`): an email address, or a username
 * (features/email-password/README.md, features/username/README.md).
 */
export interface PasswordAttempt {
  /** The password was wrong, or the address has no password; `userId` when it has an account. */
  failed(userId: string | undefined): Promise<void>;
  /** The password was right: the address's count starts over. */
  succeeded(): Promise<void>;
}

const UNCOUNTED: PasswordAttempt = { failed: async () => {}, succeeded: async () => {} };

/** What a sign-in was made with: its count is kept per value, under a keyed hash. */
export type SignInName = { email: string } | { username: string };

/**
 * Counts the attempt for the name before anything is looked up, so that a locked name is
 * refused the same way, and as fast, whether or not it has an account, and whatever the password:
 * a right one let through during the lock would tell the guesser it was right (README). Counting
 * attempts rather than failures keeps it to one counter step; a success resets the count.
 */
export async function countPasswordAttempt(
  auth: AuthContext,
  request: RequestContext,
  name: SignInName,
): Promise<PasswordAttempt> {
  const lockout = auth.options.emailAndPassword.signInLockout;
  if (!lockout) return UNCOUNTED;
  // A username has a use of its own, so it can never share a count with an address that reads the same.
  const key =
    'email' in name
      ? addressCounterKey(auth.options.secret, 'sign-in-failures', name.email)
      : addressCounterKey(auth.options.secret, 'username-sign-in-failures', name.username);
  const rule = { windowMs: lockout.duration * 1000, max: lockout.maxFailedAttempts };
  const decision = await auth.counters.consume(key, rule, request.log);
  if (!decision.allowed) {
    throw new AuthError('TOO_MANY_SIGN_IN_ATTEMPTS', {
      headers: retryAfterHeaders(decision.retryAfterSeconds),
    });
  }
  return {
    async failed(userId) {
      if (decision.count < rule.max) return;
      // This failure locks the address. Recorded for an unknown address too (without a target, the
      // address never stored), so both do the same work.
      await auth.audit.record(request, {
        type: 'user.locked_out',
        target: userId ? { type: 'user', id: userId } : undefined,
        metadata: {
          method: 'email' in name ? 'password' : 'username',
          until: new Date(auth.options.now() + rule.windowMs).toISOString(),
        },
      });
    },
    succeeded: () => auth.counters.reset(key, request.log),
  };
}
