import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/**
 * MAGIC_LINK, EMAIL_OTP and their lifetimes (docs/configuration.md); the running product's routes
 * are tested in compat/better-auth-passwordless-client.test.ts.
 */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`expected loadConfig(${JSON.stringify(env)}) to throw a ConfigError`);
}

describe('MAGIC_LINK and EMAIL_OTP', () => {
  it('are off by default, and on with a 300 s lifetime unless given one', () => {
    expect(loadConfig({}).passwordless).toEqual({ magicLink: undefined, emailOtp: undefined });
    expect(
      loadConfig({ MAGIC_LINK: 'on', EMAIL_OTP: 'ON', EMAIL_OTP_EXPIRES_IN: '600' }).passwordless,
    ).toEqual({
      magicLink: { expiresIn: 300 },
      emailOtp: { expiresIn: 600 },
    });
  });

  it('refuse a switch other than on or off, and a lifetime outside 60 to 3600 seconds', () => {
    expect(problemsOf({ MAGIC_LINK: 'yes' })).toEqual(["MAGIC_LINK: expected 'on' or 'off', got 'yes'"]);
    for (const value of ['59', '3601', 'soon', '-1'])
      expect(problemsOf({ EMAIL_OTP: 'on', EMAIL_OTP_EXPIRES_IN: value })).toEqual([
        `EMAIL_OTP_EXPIRES_IN: expected a whole number of seconds from 60 to 3600, got '${value}'`,
      ]);
  });

  it('need SMTP_URL in production', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'a-production-secret-with-at-least-32-chars' };
    expect(problemsOf({ ...production, MAGIC_LINK: 'on', EMAIL_OTP: 'on' })).toEqual([
      'MAGIC_LINK: on needs SMTP_URL in production (the sign-in is emailed)',
      'EMAIL_OTP: on needs SMTP_URL in production (the sign-in is emailed)',
    ]);
  });
});
