import { GatehouseError } from '@gatehouse/client';
import type { MessageKey } from '../i18n/en.ts';
import { errorMessageKey } from './error-messages.ts';

/** How long the server locks the second step after ten wrong codes in a row (docs/api.md#second-factor-errors). */
export const LOCKOUT_MINUTES = 15;

/** Refusals about the code that was typed: they are shown at the code field. */
const AT_THE_FIELD = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE', 'OTP_HAS_EXPIRED']);

const codeOf = (error: unknown) => (error instanceof GatehouseError ? error.code : '');

/** The words for a refused code, when the refusal is about the code itself. */
export function codeFieldError(error: unknown): MessageKey | null {
  return AT_THE_FIELD.has(codeOf(error)) ? errorMessageKey(error) : null;
}

export function isLockedOut(error: unknown): boolean {
  return codeOf(error) === 'ACCOUNT_TEMPORARILY_LOCKED';
}
