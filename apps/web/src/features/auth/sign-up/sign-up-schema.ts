import { z } from 'zod';
import type { Translate } from '../../../i18n/language.ts';
import { emailSchema, optionalUsernameSchema, passwordPairSchema } from '../../../lib/auth-schemas.ts';

const NAME_MAX_LENGTH = 256;

export const signUpSchema = (t: Translate, passwordMinLength: number) =>
  z
    .object({
      name: z
        .string()
        .trim()
        .min(1, t('auth.nameRequired'))
        .max(NAME_MAX_LENGTH, t('auth.maxLength', { max: NAME_MAX_LENGTH })),
      email: emailSchema(t),
      // Shown, and so checked, only while the server has usernames on; blank otherwise.
      username: optionalUsernameSchema(t),
    })
    .and(passwordPairSchema(t, passwordMinLength));

export type SignUpValues = z.output<ReturnType<typeof signUpSchema>>;
