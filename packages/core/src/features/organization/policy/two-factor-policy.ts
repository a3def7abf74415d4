import type { AuthContext } from '../../../context.ts';
import { toBoolean } from '../../../db/schema.ts';
import { AuthError } from '../../../errors.ts';
import type { User } from '../../../user/user.ts';

type PolicyColumn = boolean | number | null | undefined;

/**
 * An organization that requires two-factor answers a member only once they have it on
 * (docs/api.md#two-factor-policy). Without the two-factor feature nobody could comply, so the policy is then
 * ignored, as it cannot be turned on either.
 */
export function enforceTwoFactorPolicy(auth: AuthContext, requireTwoFactor: PolicyColumn, user: User): void {
  if (!auth.ports.secondFactor || requireTwoFactor == null || !toBoolean(requireTwoFactor)) return;
  if (user.additional.twoFactorEnabled !== true) throw new AuthError('TWO_FACTOR_REQUIRED_BY_ORGANIZATION');
}

/** Turning the policy on needs the feature, and the person doing it must comply first. */
export function assertCanRequireTwoFactor(auth: AuthContext, user: User): void {
  if (!auth.ports.secondFactor || user.additional.twoFactorEnabled !== true) {
    throw new AuthError('TWO_FACTOR_NOT_ENABLED');
  }
}
