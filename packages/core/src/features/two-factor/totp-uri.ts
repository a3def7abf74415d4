import { base32Encode } from './base32.ts';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from './totp.ts';

/**
 * The otpauth URI an authenticator app scans (docs/protocol/two-factor.md#totp): issuer and account
 * percent-encoded in the label, the key as unpadded base32, no `algorithm` (apps assume SHA-1).
 */
export function totpURI(issuer: string, account: string, key: Uint8Array): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: base32Encode(key),
    issuer,
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
