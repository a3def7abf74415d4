import { GatehouseError } from '@gatehouse/client';
import type { Translate } from '../../../i18n/translate-function.ts';
import { errorMessage } from '../../../lib/error-messages.ts';

/**
 * A failed organization call in words, in the reader's language. Codes have their words in
 * lib/error-words.ts; here, what only organization screens mean: a bare 403 is the caller's role,
 * a bare 404 a feature the server has turned off.
 */
export function orgErrorMessage(error: unknown, t: Translate): string {
  if (!(error instanceof GatehouseError)) return errorMessage(error, t);
  // 1.7 sends "ROLE_NOT_FOUND: a, b" without a code (docs/protocol/organization.md#update-member-role).
  if (error.message.startsWith('ROLE_NOT_FOUND')) return t('org.error.roleNotFound');
  if (error.code === 'HTTP_403') return t('org.error.forbidden');
  if (error.code === 'HTTP_404') return t('org.error.turnedOff');
  return errorMessage(error, t);
}
