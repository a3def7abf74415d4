import { base32Decode } from '../features/two-factor/base32.ts';
import { hotp, totpStep } from '../features/two-factor/totp.ts';

export { totpStep };

/**
 * What an authenticator app shows for `step` (see `totpStep`) given the secret as a person types
 * it from the screen: base32, any case, spaces allowed. Browser tests enrol with it.
 */
export function totpCode(secret: string, step: number): string {
  const key = base32Decode(secret.replace(/\s+/g, ''));
  if (!key) throw new Error(`not a base32 secret: ${secret}`);
  return hotp(key, step);
}
