import { z } from 'zod';
import type { Translate } from '../../../i18n/language.ts';
import { emailSchema } from '../../../lib/auth-schemas.ts';

/** Only what can be checked without the account: length rules belong to choosing a password. */
export const signInSchema = (t: Translate) =>
  z.object({
    email: emailSchema(t),
    password: z.string().min(1, t('auth.passwordRequired')),
    rememberMe: z.boolean(),
  });

export type SignInValues = z.output<ReturnType<typeof signInSchema>>;
