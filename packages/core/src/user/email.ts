import { z } from 'zod';

/**
 * Email syntax as docs/protocol/core.md#email-syntax defines it: dot-separated runs of `[A-Za-z0-9_'+-]` not
 * ending in `'`, `@`, DNS labels, and an alphabetic TLD of two or more letters.
 */
const EMAIL = /^[A-Za-z0-9_'+-]+(\.[A-Za-z0-9_'+-]+)*(?<!')@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** RFC 5321 caps a forward path at 254 characters. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Emails are stored and looked up lower-cased and NFC-normalised
 * (docs/protocol/core.md#ids-tokens-and-emails).
 */
export const normalizeEmail = (email: string): string => email.normalize('NFC').toLowerCase();

export const isValidEmail = (value: string): boolean => value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value);

export const emailSchema = z.string().max(MAX_EMAIL_LENGTH).regex(EMAIL, 'Invalid email address');
