import { GatehouseError } from '@gatehouse/client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { MessageKey } from '../../../i18n/en.ts';
import type { Translate } from '../../../i18n/translate-function.ts';
import { errorMessage, issueMessage } from '../../../lib/error-messages.ts';

/**
 * Codes whose app-wide words are written for people managing their own account ("Sign in
 * instead", "the account this link was for"); an admin acting on someone else needs other words.
 */
const ADMIN_WORDS: Record<string, MessageKey> = {
  USER_NOT_FOUND: 'admin.error.userGone',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'admin.error.emailTaken',
  BANNED_USER: 'admin.error.banned',
  INVALID_PASSWORD: 'admin.error.invalidPassword',
};

/** A failed admin call in words, in the reader's language; bare statuses (401 and 403 without a code) get words too. */
export function adminErrorMessage(error: unknown, t: Translate): string {
  if (!(error instanceof GatehouseError)) return errorMessage(error, t);
  const words = ADMIN_WORDS[error.code];
  if (words) return t(words);
  if (error.code === 'HTTP_403') return t('admin.error.forbidden');
  return errorMessage(error, t);
}

/**
 * Puts a failed call's message at the field it is about, else on the form (`root.server`).
 * `fields` maps error codes, and validation issue paths without their `body.` prefix, to fields.
 */
export function setServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: Partial<Record<string, Path<T>>>,
  t: Translate,
): void {
  const code = error instanceof GatehouseError ? error.code : 'UNKNOWN';
  const field = fields[code];
  if (field) {
    setError(field, { type: code, message: adminErrorMessage(error, t) }, { shouldFocus: true });
    return;
  }
  for (const issue of error instanceof GatehouseError ? (error.issues ?? []) : []) {
    const issueField = fields[issuePath(issue.path)];
    if (issueField) {
      setError(issueField, { type: code, message: issueMessage(issue, t) }, { shouldFocus: true });
      return;
    }
  }
  setError('root.server', { type: code, message: adminErrorMessage(error, t) });
}

/** `body.email` → `email`. */
function issuePath(path: string): string {
  return path.replace(/^(body|query)\./, '');
}
