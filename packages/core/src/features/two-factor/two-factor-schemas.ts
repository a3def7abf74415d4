import { z } from 'zod';

// Bounds keep hashing and comparison work small; the codes themselves are not format-checked
// (docs/protocol/two-factor.md#verify-totp: a wrong shape is just a wrong code).
const password = z.string().max(4096).optional();
const code = z.string().max(256);
const trustDevice = z.boolean().optional();

export const passwordBody = z.object({ password });
export const enableBody = z.object({
  password,
  method: z.enum(['totp', 'otp']).optional(),
  issuer: z.string().min(1).max(256).optional(),
});
export const verifyCodeBody = z.object({ code, trustDevice });
export const sendOtpBody = z.object({ trustDevice }).optional();
export const verifyBackupCodeBody = z.object({ code, trustDevice, disableSession: z.boolean().optional() });
