import { GatehouseError, type ValidationIssue } from '@gatehouse/client';
import type { MessageKey } from '../i18n/en.ts';
import { type Translate, translateNow } from '../i18n/language.ts';
import { ERROR_WORDS, wordsForStatus } from './error-words.ts';

/** Which form field an error belongs to, when it belongs to one. */
const FIELDS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'password',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_COMMON: 'password',
  PASSWORD_TOO_LONG: 'password',
  INVALID_PASSWORD: 'password',
  EMAIL_IS_THE_SAME: 'newEmail',
  INVALID_EMAIL: 'email',
  INVALID_USERNAME_OR_PASSWORD: 'password',
  USERNAME_IS_ALREADY_TAKEN: 'username',
  USERNAME_IS_RESERVED: 'username',
  USERNAME_TOO_SHORT: 'username',
  USERNAME_TOO_LONG: 'username',
  INVALID_USERNAME: 'username',
  INVALID_DISPLAY_USERNAME: 'displayUsername',
};

/**
 * The catalogue key for an error: its code's words (error-words.ts), else words for its HTTP
 * status. The server's own message is never shown: it is English whatever the reader picked.
 */
export function errorMessageKey(error: unknown): MessageKey {
  if (!(error instanceof GatehouseError)) return 'error.unknown';
  return (Object.hasOwn(ERROR_WORDS, error.code) && ERROR_WORDS[error.code]) || wordsForStatus(error.status);
}

/**
 * An error in words: `t` from useTranslation in components; without it, the language chosen now
 * (for callers outside React).
 */
export function errorMessage(error: unknown, t: Translate = translateNow): string {
  return t(errorMessageKey(error));
}

export function errorField(error: unknown): string | undefined {
  return error instanceof GatehouseError ? FIELDS[error.code] : undefined;
}

/**
 * What is wrong with one field of a refused form, from the validation issue's `kind`
 * (docs/protocol/core.md#validation-errors); the issue's English `message` is never shown.
 */
export function issueMessage(issue: ValidationIssue, t: Translate = translateNow): string {
  const count = issue.limit;
  switch (issue.kind) {
    case 'required':
      return t('error.field.required');
    case 'too_short':
      return count === undefined ? t('error.field.tooShort') : t('error.field.tooShortBy', { count });
    case 'too_long':
      return count === undefined ? t('error.field.tooLong') : t('error.field.tooLongBy', { count });
    case 'too_few':
      return count === undefined ? t('error.field.invalid') : t('error.field.tooFew', { count });
    case 'too_many':
      return count === undefined ? t('error.field.invalid') : t('error.field.tooMany', { count });
    case 'too_small':
      return t('error.field.tooSmall');
    case 'too_big':
      return t('error.field.tooBig');
    case 'invalid_format':
      // The engine checks addresses with its own pattern (format `regex`), so the field says it.
      if (issue.format === 'email' || /email$/i.test(issue.path)) return t('error.invalidEmail');
      return issue.format === 'url' ? t('error.field.url') : t('error.field.format');
    case 'invalid_value':
      return t('error.field.choice');
    case 'control_character':
      return t('error.field.controlCharacter');
    default:
      return t('error.field.invalid');
  }
}

/** A form's refusal: a validation one in the words of its field's issue, any other in the code's words. */
export function refusalWords(error: unknown, t: Translate = translateNow): string {
  const issue = error instanceof GatehouseError ? error.issues?.[0] : undefined;
  return issue ? issueMessage(issue, t) : errorMessage(error, t);
}
