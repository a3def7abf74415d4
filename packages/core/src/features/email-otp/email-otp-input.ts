import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { oneLine } from '../../http/one-line.ts';
import { isValidEmail, normalizeEmail } from '../../user/email.ts';

// What the email-otp routes take (docs/protocol/passwordless.md#2-email-codes-emailotp): the
// address as a plain string, checked by the route so that a malformed one answers Better Auth's
// `INVALID_EMAIL` rather than a validation error.

export const OTP_TYPES = ['email-verification', 'sign-in', 'forget-password', 'change-email'] as const;

export const addressField = oneLine(z.string().max(1024));
export const otpField = oneLine(z.string().max(64));
export const otpTypeField = z.enum(OTP_TYPES);

/** The address lowercased, or 400 INVALID_EMAIL. */
export function addressOf(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new AuthError('INVALID_EMAIL');
  return email;
}

/** `{ success: true }`, the answer of the routes that send or check a code. */
export const successJson = z.object({ success: z.literal(true) });
