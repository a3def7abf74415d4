import type { AuthContext } from '../../context.ts';
import { isoNow } from '../../db/schema.ts';
import type { SecondFactor } from '../../session/sign-in-gate.ts';
import { deleteVerification } from '../../user/verification.repository.ts';
import { twoFactorGate } from './sign-in-challenge.ts';
import { deleteTrustedDevicesOfUser, turnOffTwoFactor } from './two-factor.repository.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';

/** The feature's services for the rest of the engine (`ports.secondFactor`). */
export function twoFactorService(config: ResolvedTwoFactor): SecondFactor {
  return {
    gate: twoFactorGate(config),
    async reset(auth: AuthContext, userId: string) {
      await turnOffTwoFactor(auth.db, userId, isoNow(auth.options.now()));
      // A lost phone is often why: a lock from the failed tries must not outlive the reset.
      await deleteVerification(auth.db, `2fa-lock-${userId}`);
      await deleteVerification(auth.db, `2fa-failures-${userId}`);
    },
    async forgetTrustedBrowsers(auth, userId, request) {
      const count = await deleteTrustedDevicesOfUser(auth.db, userId);
      // Only a change someone can see: nothing trusted, nothing revoked.
      if (count > 0) {
        await auth.audit.record(request, {
          type: 'user.trusted_devices_revoked',
          target: { type: 'user', id: userId },
          metadata: { count },
        });
      }
    },
  };
}
