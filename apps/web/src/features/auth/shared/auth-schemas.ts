import { z } from 'zod';

/** The server's email syntax (packages/core/src/user/email.ts), so the form agrees with it. */
const EMAIL = /^[A-Za-z0-9_'+-]+(\.[A-Za-z0-9_'+-]+)*(?<!')@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your email address.')
  .max(254, 'That email address is too long.')
  .regex(EMAIL, 'Enter a valid email address, like name@example.com.');

/** A password being chosen: the server's default policy of 8 to 128 characters. */
export const newPasswordSchema = z
  .string()
  .min(8, 'Use at least 8 characters.')
  .max(128, 'Use at most 128 characters.');

/** A password and its repetition, with the mismatch reported at the repetition. */
export const passwordPairSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });
