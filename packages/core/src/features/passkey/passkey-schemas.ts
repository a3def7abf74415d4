import { z } from 'zod';
import { oneLine } from '../../http/one-line.ts';

// `response` is the browser's RegistrationResponseJSON / AuthenticationResponseJSON; its inside is
// the WebAuthn library's to judge (a malformed one is a failed verification,
// docs/protocol/passkey.md#d13-library-errors-are-client-errors), but it must be an object. Names are labels
// a person reads: one line, bounded.
const response = z.record(z.string(), z.unknown());
const name = oneLine(z.string().trim().max(256));

export const registerOptionsQuery = z.object({
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  name: name.optional(),
  context: z.string().max(1024).optional(),
});
export const verifyRegistrationBody = z.object({
  response,
  name: name.optional(),
  createSession: z.boolean().optional(),
});
export const verifyAuthenticationBody = z.object({ response });
export const deletePasskeyBody = z.object({ id: z.string().max(256) });
export const updatePasskeyBody = z.object({
  id: z.string().max(256),
  name: oneLine(z.string().trim().min(1).max(256)),
});
