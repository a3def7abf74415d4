import { paths } from '../../../config/paths.ts';

/**
 * Where a verification link sends the browser once the server has verified the address; the
 * server adds `&error=CODE` when it could not.
 */
export const VERIFIED_CALLBACK_URL = `${paths.verifyEmail}?verified=1`;

/**
 * The same landing, carrying on where the person was going (an invitation, say) once verified.
 * Slashes stay as they are: the server refuses a relative callback holding an encoded slash
 * (`%2F`, a way to smuggle in another host), and a query value may hold plain ones.
 */
export function verifiedCallbackURL(next: string | null): string {
  if (!next) return VERIFIED_CALLBACK_URL;
  return `${VERIFIED_CALLBACK_URL}&next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`;
}
