import { type Env, parseSwitch, variableReader } from './variables.ts';

/** Sign-in by emailed link or code (docs/protocol/passwordless.md), each with its lifetime in seconds. */
export interface PasswordlessConfig {
  /** MAGIC_LINK and MAGIC_LINK_EXPIRES_IN; undefined while off. */
  magicLink: { expiresIn: number } | undefined;
  /** EMAIL_OTP and EMAIL_OTP_EXPIRES_IN; undefined while off. */
  emailOtp: { expiresIn: number } | undefined;
}

/** A link or code lives at least a minute (mail can be slow) and at most an hour. */
const LIFETIME_MIN = 60;
const LIFETIME_MAX = 3600;

/**
 * Reads MAGIC_LINK, EMAIL_OTP (off unless `on`), MAGIC_LINK_EXPIRES_IN and EMAIL_OTP_EXPIRES_IN
 * (default 300). Off by default: either makes the mailbox alone enough to sign in, which an
 * operator chooses. Both need mail: in production without SMTP_URL, `on` is a problem.
 */
export function readPasswordless(
  env: Env,
  context: { production: boolean; smtpURL: string | undefined },
  problems: string[],
): PasswordlessConfig {
  const read = variableReader(env, problems);
  const feature = (onName: string, lifetimeName: string) => {
    const enabled = read.value(onName, false, (raw) => parseSwitch(raw, 'on', 'off'), "'on' or 'off'");
    const expiresIn = read.value(
      lifetimeName,
      300,
      (raw) =>
        /^\d{1,5}$/.test(raw) && Number(raw) >= LIFETIME_MIN && Number(raw) <= LIFETIME_MAX
          ? Number(raw)
          : undefined,
      `a whole number of seconds from ${LIFETIME_MIN} to ${LIFETIME_MAX}`,
    );
    if (enabled && context.production && !context.smtpURL)
      problems.push(`${onName}: on needs SMTP_URL in production (the sign-in is emailed)`);
    return enabled ? { expiresIn } : undefined;
  };
  return {
    magicLink: feature('MAGIC_LINK', 'MAGIC_LINK_EXPIRES_IN'),
    emailOtp: feature('EMAIL_OTP', 'EMAIL_OTP_EXPIRES_IN'),
  };
}
