import { GatehouseError } from '@gatehouse/client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Translate } from '../../../i18n/language.ts';
import { errorField, errorMessage, issueMessage } from '../../../lib/error-messages.ts';

/** Codes that only a fresh sign-in fixes: the form shows a "Sign in again" link with them. */
const SIGN_IN_AGAIN = new Set(['SESSION_EXPIRED', 'SESSION_NOT_FRESH', 'UNAUTHORIZED']);

export function needsSignIn(code: string | undefined): boolean {
  return code !== undefined && SIGN_IN_AGAIN.has(code);
}

/**
 * Puts a failed call's message where the person will look for it: at the field the error is about,
 * else on the form (`root.server`, whose `type` keeps the error code).
 *
 * `fields` maps to this form's fields, checked in order: the error code, the app-wide field name
 * from `errorField` ('password', 'email', …), then the path of a validation issue.
 */
export function showServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: Partial<Record<string, Path<T>>>,
  t: Translate,
): void {
  const message = errorMessage(error, t);
  const code = error instanceof GatehouseError ? error.code : 'UNKNOWN';
  const field = fields[code] ?? fields[errorField(error) ?? ''];
  if (field) {
    setError(field, { type: code, message }, { shouldFocus: true });
    return;
  }
  for (const issue of error instanceof GatehouseError ? (error.issues ?? []) : []) {
    const issueField = fields[issue.path];
    if (issueField) {
      setError(issueField, { type: code, message: issueMessage(issue, t) }, { shouldFocus: true });
      return;
    }
  }
  setError('root.server', { type: code, message });
}
