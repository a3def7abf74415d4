import type { AdditionalFields } from '../../user/additional-fields.ts';

/** `twoFactor` in the engine options (docs/protocol/two-factor.md#options). Durations in seconds. */
export interface TwoFactorOptions {
  /** Default false; the product turns it on (`TWO_FACTOR`). */
  enabled?: boolean;
  /** The authenticator app's label for the account; default the core `appName`. */
  issuer?: string;
  /**
   * Codes sent by email as a second factor; default on whenever a mailer is configured. `period`
   * is in minutes (default 3), `allowedAttempts` wrong tries per code (default 5).
   */
  otp?: { enabled?: boolean; period?: number; allowedAttempts?: number };
  /** Lifetime of a pending sign-in challenge; default 600. */
  twoFactorCookieMaxAge?: number;
  /** How long "trust this browser" lasts, renewed at each sign-in; default 2592000 (30 days). */
  trustDeviceMaxAge?: number;
  /** Consecutive failed second-factor checks before the account locks; default 10 for 900 s. */
  accountLockout?: { maxFailedAttempts?: number; durationSeconds?: number };
  /**
   * Where a redirect sign-in (a social callback) sends a person who still owes a second factor,
   * with `?callbackURL=` the flow's destination; default `{baseURL}/sign-in/two-factor`.
   */
  challengeURL?: string;
}

export interface ResolvedTwoFactor {
  issuer: string;
  otp: { period: number; allowedAttempts: number } | undefined;
  twoFactorCookieMaxAge: number;
  trustDeviceMaxAge: number;
  lockout: { maxFailedAttempts: number; durationSeconds: number };
  challengeURL: string;
}

/** Applies the defaults; undefined when the feature is off (the default: the product turns it on). */
export function resolveTwoFactor(
  options: TwoFactorOptions | undefined,
  core: { appName: string; origin: string; hasMailer: boolean },
): ResolvedTwoFactor | undefined {
  if (!options?.enabled) return undefined;
  const otpOn = options?.otp?.enabled ?? core.hasMailer;
  if (otpOn && !core.hasMailer) throw new Error('twoFactor.otp needs a mailer to send the codes');
  const positive = (value: number | undefined, fallback: number, name: string) => {
    const result = value ?? fallback;
    if (!Number.isFinite(result) || result <= 0) throw new Error(`twoFactor.${name} must be positive`);
    return result;
  };
  return {
    issuer: options?.issuer ?? core.appName,
    otp: otpOn
      ? {
          period: positive(options?.otp?.period, 3, 'otp.period'),
          allowedAttempts: positive(options?.otp?.allowedAttempts, 5, 'otp.allowedAttempts'),
        }
      : undefined,
    twoFactorCookieMaxAge: positive(options?.twoFactorCookieMaxAge, 600, 'twoFactorCookieMaxAge'),
    trustDeviceMaxAge: positive(options?.trustDeviceMaxAge, 2_592_000, 'trustDeviceMaxAge'),
    lockout: {
      maxFailedAttempts: positive(options?.accountLockout?.maxFailedAttempts, 10, 'maxFailedAttempts'),
      durationSeconds: positive(options?.accountLockout?.durationSeconds, 900, 'durationSeconds'),
    },
    challengeURL: options?.challengeURL ?? `${core.origin}/sign-in/two-factor`,
  };
}

/** `user.twoFactorEnabled`: returned in every user object, never set through sign-up or update-user. */
export function twoFactorFields(twoFactor: ResolvedTwoFactor | undefined): AdditionalFields {
  if (!twoFactor) return {};
  return { twoFactorEnabled: { type: 'boolean', defaultValue: false, input: false } };
}
