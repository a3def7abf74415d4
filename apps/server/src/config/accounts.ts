import type { SignUpPolicy } from '@gatehouse/core';
import { type Env, parseSwitch, variableReader } from './variables.ts';

/** Who may create an account, what a password must be, and how accounts are verified, run and ended. */
export interface AccountsConfig {
  /** Who may create an account on their own; admin-created accounts always work. */
  signUp: SignUpPolicy;
  /** The shortest password accepted for a new password (sign-up, change, reset). */
  passwordMinLength: number;
  /** Refuse the 10,000 most common passwords as new passwords. */
  rejectCommonPasswords: boolean;
  requireEmailVerification: boolean;
  /**
   * Self-service account deletion: `immediate` (with the password, or a fresh session), `email`
   * (a confirmation link is emailed first), or `off`.
   */
  accountDeletion: 'immediate' | 'email' | 'off';
  /** Bootstrap admins: users with these (verified) emails hold the admin role. */
  adminEmails: string[];
}

/** What the account settings are checked against, read by the other readers. */
interface AccountsContext {
  production: boolean;
  smtpURL: string | undefined;
  organizations: boolean;
}

/** The engine's longest password (packages/core README): a minimum above it would refuse every password. */
const MAX_PASSWORD_LENGTH = 128;

/**
 * Reads SIGN_UP, PASSWORD_MIN_LENGTH, REJECT_COMMON_PASSWORDS, REQUIRE_EMAIL_VERIFICATION,
 * ACCOUNT_DELETION and ADMIN_EMAILS.
 */
export function readAccounts(env: Env, context: AccountsContext, problems: string[]): AccountsConfig {
  const read = variableReader(env, problems);
  const signUp = read.value(
    'SIGN_UP',
    'open' as SignUpPolicy,
    parseSignUpPolicy,
    "'open', 'invite-only' or 'closed'",
  );
  // Invitations come only from organizations: without them nobody could ever sign up.
  if (signUp === 'invite-only' && !context.organizations)
    problems.push('SIGN_UP: invite-only needs ORGANIZATIONS=on (invitations come from organizations)');
  const passwordMinLength = read.value(
    'PASSWORD_MIN_LENGTH',
    8,
    (raw) =>
      /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_PASSWORD_LENGTH ? Number(raw) : undefined,
    `a whole number from 1 to ${MAX_PASSWORD_LENGTH}`,
  );
  const rejectCommonPasswords = read.onOff('REJECT_COMMON_PASSWORDS');
  const requireEmailVerification = read.value(
    'REQUIRE_EMAIL_VERIFICATION',
    false,
    (raw) => parseSwitch(raw, 'true', 'false'),
    "'true' or 'false'",
  );
  const accountDeletion = read.value(
    'ACCOUNT_DELETION',
    'immediate' as AccountsConfig['accountDeletion'],
    (raw) => {
      const value = raw.trim().toLowerCase();
      // `on` is the older spelling of `immediate`.
      if (value === 'on') return 'immediate';
      return value === 'immediate' || value === 'email' || value === 'off' ? value : undefined;
    },
    "'immediate', 'email' or 'off'",
  );
  // Production without SMTP sends no mail, so no confirmation link could ever arrive.
  if (accountDeletion === 'email' && context.production && !context.smtpURL)
    problems.push('ACCOUNT_DELETION: email needs SMTP_URL in production (the confirmation link is emailed)');
  const adminEmails = read.value(
    'ADMIN_EMAILS',
    [] as string[],
    (raw) => {
      const emails = raw
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean);
      return emails.every((e) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) ? emails : undefined;
    },
    'comma-separated email addresses',
  );
  return {
    signUp,
    passwordMinLength,
    rejectCommonPasswords,
    requireEmailVerification,
    accountDeletion,
    adminEmails,
  };
}

function parseSignUpPolicy(raw: string): SignUpPolicy | undefined {
  const value = raw.trim().toLowerCase();
  return value === 'open' || value === 'invite-only' || value === 'closed' ? value : undefined;
}
