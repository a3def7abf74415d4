import { z } from 'zod';
import type { Translate } from '../../../i18n/language.ts';
import { emailSchema } from '../../../lib/auth-schemas.ts';

/**
 * With usernames on, the field takes either: an address when it holds `@` (which no username can,
 * docs/protocol/passwordless.md#3-usernames), else a username, whose rules are the server's.
 */
const identifierSchema = (t: Translate) =>
  z
    .string()
    .trim()
    .min(1, t('username.identifierRequired'))
    .refine(
      (value) => !value.includes('@') || emailSchema(t).safeParse(value).success,
      t('error.invalidEmail'),
    );

/** Only what can be checked without the account: length rules belong to choosing a password. */
export const signInSchema = (t: Translate, usernames: boolean) =>
  z.object({
    email: usernames ? identifierSchema(t) : emailSchema(t),
    password: z.string().min(1, t('auth.passwordRequired')),
    rememberMe: z.boolean(),
  });

export type SignInValues = z.output<ReturnType<typeof signInSchema>>;

/** Whether the sign-in goes by username: usernames are on and the field holds no `@`. */
export const isUsername = (identifier: string, usernames: boolean): boolean =>
  usernames && !identifier.includes('@');
