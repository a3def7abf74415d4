import { disableTwoFactor } from './disable.ts';
import { enableTwoFactor } from './enable.ts';
import { generateBackupCodes } from './generate-backup-codes.ts';
import { getTotpUri } from './get-totp-uri.ts';
import { sendOtp } from './send-otp.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';
import { verifyBackupCode } from './verify-backup-code.ts';
import { verifyOtp } from './verify-otp.ts';
import { verifyTotp } from './verify-totp.ts';

/**
 * The eight `/two-factor/*` routes of docs/protocol/two-factor.md#route-table, built from the resolved
 * options.
 */
export function twoFactorEndpoints(config: ResolvedTwoFactor) {
  return [
    enableTwoFactor(config),
    disableTwoFactor,
    getTotpUri(config),
    verifyTotp(config),
    sendOtp(config),
    verifyOtp(config),
    generateBackupCodes,
    verifyBackupCode(config),
  ] as const;
}
