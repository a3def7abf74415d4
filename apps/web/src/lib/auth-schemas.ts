import { z } from 'zod';
import type { Translate } from '../i18n/language.ts';
import { PASSWORD_MAX_LENGTH } from './password-policy.ts';

/** The server's email syntax (packages/core/src/user/email.ts), so the form agrees with it. */
const EMAIL = /^[A-Za-z0-9_'+-]+(\.[A-Za-z0-9_'+-]+)*(?<!')@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/*
 * Schemas are made per language: their messages are shown as they are. Forms build them with
 * useMemo on `t` (and on the server's minimum length for new passwords).
 */

export const emailSchema = (t: Translate) =>
  z
    .string()
    .trim()
    .min(1, t('auth.emailRequired'))
    .max(254, t('auth.emailTooLong'))
    .regex(EMAIL, t('error.invalidEmail'));

/** A password being chosen: the server's PASSWORD_MIN_LENGTH (`minLength`) up to its maximum. */
export const newPasswordSchema = (t: Translate, minLength: number) =>
  z
    .string()
    .min(minLength, t('auth.minLength', { min: minLength }))
    .max(PASSWORD_MAX_LENGTH, t('auth.maxLength', { max: PASSWORD_MAX_LENGTH }));

/** A password and its repetition, with the mismatch reported at the repetition. */
export const passwordPairSchema = (t: Translate, minLength: number) =>
  z
    .object({ password: newPasswordSchema(t, minLength), confirmPassword: z.string() })
    .refine((values) => values.password === values.confirmPassword, {
      path: ['confirmPassword'],
      message: t('auth.passwordsDiffer'),
    });

/**
 * A username being chosen, optional: blank is none. The server's rules
 * (docs/protocol/passwordless.md#3-usernames), so the form words a refusal before sending; whether
 * the name is free only the server knows.
 */
export const optionalUsernameSchema = (t: Translate) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || value.length >= 3, t('error.username.tooShort'))
    .refine((value) => value.length <= 30, t('error.username.tooLong'))
    .refine((value) => /^[A-Za-z0-9_.]*$/.test(value), t('error.username.invalid'));
