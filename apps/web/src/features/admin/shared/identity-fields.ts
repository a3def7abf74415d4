import { z } from 'zod';
import type { Translate } from '../../../i18n/translate-function.ts';

/** A user's name and email as the admin forms check them, with the reasons in the reader's language. */
export const identityFieldsIn = (t: Translate) => ({
  name: z.string().trim().min(1, t('admin.check.name')).max(256, t('admin.check.nameLong')),
  email: z
    .string()
    .trim()
    .min(1, t('admin.check.email'))
    .pipe(z.email(t('admin.check.emailValid'))),
});
