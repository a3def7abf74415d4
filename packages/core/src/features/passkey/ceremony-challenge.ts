import { randomBytes } from 'node:crypto';
import type { AuthContext } from '../../context.ts';
import { randomString } from '../../crypto/random.ts';
import { AuthError } from '../../errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { clearCookie, readSignedCookie, setSignedCookie } from '../../session/session-cookies.ts';
import { consumeVerification, insertVerification } from '../../user/verification.repository.ts';
import type { ResolvedPasskey } from './passkey-options.ts';

/**
 * What a ceremony remembers between its two calls (docs/protocol/passkey.md#ceremony-challenge), as 1.7
 * stores it.
 */
export type CeremonyState =
  | {
      type: 'registration';
      expectedChallenge: string;
      userData: { id: string; name: string; displayName: string };
      context: string | null;
    }
  | { type: 'authentication'; expectedChallenge: string; userData: { id: string } };

/**
 * `better-auth.better-auth-passkey` after the core naming rule (docs/protocol/passkey.md#ceremony-challenge).
 */
export function ceremonyCookie(auth: AuthContext): string {
  return `${auth.options.secureCookies ? '__Secure-' : ''}${auth.options.cookiePrefix}.better-auth-passkey`;
}

/** A fresh WebAuthn challenge: 32 random bytes, base64url without padding. */
export const newChallenge = (): string => randomBytes(32).toString('base64url');

/**
 * Stores a ceremony and points this browser at it. A new options call replaces the cookie, so a
 * browser runs one ceremony at a time; the row of an abandoned one simply expires.
 */
export async function startCeremony(
  auth: AuthContext,
  request: RequestContext,
  config: ResolvedPasskey,
  state: CeremonyState,
): Promise<void> {
  const now = auth.options.now();
  const key = randomString(32);
  await insertVerification(
    auth.db,
    key,
    JSON.stringify(state),
    new Date(now + config.challengeMaxAge * 1000),
    now,
  );
  setSignedCookie(auth, request, ceremonyCookie(auth), key, config.challengeMaxAge);
}

/**
 * Takes the browser's ceremony of the given type: single use even when the verification that
 * follows fails (docs/protocol/passkey.md#ceremony-challenge), and the cookie is expired with it
 * (docs/protocol/passkey.md#d14-the-challenge-cookie-is-consumed). Anything else — no cookie, a forged one,
 * an expired or consumed row, the other ceremony's row — is 400 CHALLENGE_NOT_FOUND.
 */
export async function consumeCeremony<Type extends CeremonyState['type']>(
  auth: AuthContext,
  request: RequestContext,
  type: Type,
): Promise<Extract<CeremonyState, { type: Type }>> {
  const name = ceremonyCookie(auth);
  const key = readSignedCookie(auth, request, name);
  if (request.cookies.has(name)) clearCookie(auth, request, name);
  const stored = key ? await consumeVerification(auth.db, key, auth.options.now()) : null;
  const state = stored ? parseState(stored) : null;
  if (state?.type !== type) throw new AuthError('CHALLENGE_NOT_FOUND');
  return state as Extract<CeremonyState, { type: Type }>;
}

function parseState(text: string): CeremonyState | null {
  try {
    const value = JSON.parse(text) as Partial<CeremonyState> | null;
    if (typeof value?.expectedChallenge !== 'string' || typeof value.userData?.id !== 'string') return null;
    return value as CeremonyState;
  } catch {
    return null;
  }
}
