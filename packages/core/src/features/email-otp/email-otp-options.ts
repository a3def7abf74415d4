import type { CoreOptions } from '../../options.ts';

/**
 * `emailOtp` in the engine options (docs/protocol/passwordless.md#2-email-codes-emailotp). An object turns
 * the feature on (the product's `EMAIL_OTP` setting fills it); `false` or leaving it out keeps it
 * off: no `/sign-in/email-otp`, `/email-otp/*` nor `/forget-password/email-otp` route. It needs a mailer.
 */
export interface EmailOtpOptions {
  /** Seconds an emailed code stays usable; default 300. */
  expiresIn?: number;
}

export interface ResolvedEmailOtp {
  expiresIn: number;
}

export function resolveEmailOtp(
  options: EmailOtpOptions | false | undefined,
  core: Pick<CoreOptions, 'mailer'>,
): ResolvedEmailOtp | undefined {
  if (!options) return undefined;
  const expiresIn = options.expiresIn ?? 300;
  if (!Number.isSafeInteger(expiresIn) || expiresIn <= 0)
    throw new Error(`emailOtp.expiresIn must be a whole number of seconds above 0, got ${expiresIn}`);
  if (!core.mailer) throw new Error('emailOtp needs a mailer: the codes are sent by email');
  return { expiresIn };
}
