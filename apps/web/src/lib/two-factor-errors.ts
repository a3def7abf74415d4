import { GatehouseError } from '@gatehouse/client';
import type { MessageKey } from '../i18n/en.ts';
import { errorMessage } from './error-messages.ts';

/** How long the server locks the second step after ten wrong codes in a row (README, errors). */
export const LOCKOUT_MINUTES = 15;

/** Refusals about the code that was typed: they are shown at the code field. */
const AT_THE_FIELD: Record<string, MessageKey> = {
  INVALID_CODE: 'tf.error.invalidCode',
  INVALID_BACKUP_CODE: 'tf.error.invalidBackupCode',
  OTP_HAS_EXPIRED: 'tf.error.otpExpired',
};

/** The rest of the two-factor catalogue (README, "Second-factor errors"), in the app's words. */
const ON_THE_FORM: Record<string, MessageKey> = {
  INVALID_TWO_FACTOR_COOKIE: 'tf.error.challengeGone',
  TOTP_ALREADY_ENABLED: 'tf.error.totpAlreadyOn',
  TWO_FACTOR_NOT_ENABLED: 'tf.error.noBackupCodes',
  BACKUP_CODES_NOT_ENABLED: 'tf.error.noBackupCodes',
  TOTP_NOT_ENABLED: 'tf.error.totpNotOn',
  OTP_NOT_CONFIGURED: 'tf.error.noEmail',
  TOTP_NOT_CONFIGURED: 'tf.error.noTotp',
};

const codeOf = (error: unknown) => (error instanceof GatehouseError ? error.code : '');

/** The message for a refused code, when the refusal is about the code itself. */
export function codeFieldError(error: unknown): MessageKey | null {
  return AT_THE_FIELD[codeOf(error)] ?? null;
}

/** A two-factor refusal in words; null for others (errorMessage in lib/error-messages.ts has them). */
export function twoFactorError(error: unknown): MessageKey | null {
  return ON_THE_FORM[codeOf(error)] ?? null;
}

/** Any refusal of a two-factor call in words, translated where the two-factor catalogue has it. */
export function twoFactorErrorText(t: (key: MessageKey) => string, error: unknown): string {
  const key = twoFactorError(error);
  return key ? t(key) : errorMessage(error, t);
}

export function isLockedOut(error: unknown): boolean {
  return codeOf(error) === 'ACCOUNT_TEMPORARILY_LOCKED';
}
