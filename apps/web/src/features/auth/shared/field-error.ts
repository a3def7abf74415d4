import { GatehouseError } from '@gatehouse/client';
import type { Translate } from '../../../i18n/language.ts';
import { errorField, errorMessage, issueMessage } from '../../../lib/error-messages.ts';

/**
 * Which of a form's fields a server error belongs to, with the words to show there; null when it
 * belongs to none of them (the form shows it in an Alert instead). Validation issues name their
 * field as `body.email`.
 */
export function fieldError<Name extends string>(
  error: unknown,
  fields: readonly Name[],
  t: Translate,
): { name: Name; message: string } | null {
  const asField = (name: string | undefined): Name | undefined => fields.find((field) => field === name);
  if (error instanceof GatehouseError && error.code === 'VALIDATION_ERROR') {
    for (const issue of error.issues ?? []) {
      const name = asField(issue.path.replace(/^(body|query)\./, ''));
      if (name) return { name, message: issueMessage(issue, t) };
    }
  }
  const name = asField(errorField(error));
  return name ? { name, message: errorMessage(error, t) } : null;
}
