import type { AuthenticationResponseJSON, VerifiedAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthContext } from '../../context.ts';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { consumeCeremony } from './ceremony-challenge.ts';
import { claimedTrustedOrigin } from './expected-origin.ts';
import { findPasskeyByCredentialID, type PasskeyRow, recordPasskeyUse } from './passkey.repository.ts';
import type { ResolvedPasskey } from './passkey-options.ts';
import { webauthnLibrary } from './webauthn-library.ts';

export interface CheckedAssertion {
  passkey: PasskeyRow;
  /** The authenticator's UV flag: the person was verified (PIN, biometrics), not only present. */
  userVerified: boolean;
}

/**
 * Checks a WebAuthn assertion against the browser's authentication ceremony
 * (docs/protocol/passkey.md#verify-authentication steps 1–4), in 1.7's order and with its answers, and
 * records the use: the new signature counter and `lastUsedAt`. Expected origins come from configuration
 * (docs/protocol/passkey.md#d11-origins-come-from-configuration).
 */
export async function checkAssertion(
  auth: AuthContext,
  request: RequestContext,
  config: ResolvedPasskey,
  response: Record<string, unknown>,
): Promise<CheckedAssertion> {
  if (!request.header('origin')) throw new AuthError('PASSKEY_ORIGIN_MISSING');
  const ceremony = await consumeCeremony(auth, request, 'authentication');
  const passkey =
    typeof response.id === 'string' ? await findPasskeyByCredentialID(auth.db, response.id) : null;
  if (!passkey) throw new AuthError('PASSKEY_NOT_FOUND', { status: 401 });
  const origin = claimedTrustedOrigin(auth, response);
  if (!origin) throw new AuthError('AUTHENTICATION_FAILED');
  // Loaded before the try: a library that fails to load is the server's fault, not the browser's.
  const { verifyAuthenticationResponse } = await webauthnLibrary();
  let verification: VerifiedAuthenticationResponse;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: ceremony.expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: config.rpID,
      credential: {
        id: passkey.credentialID,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64')),
        counter: passkey.counter,
      },
      requireUserVerification: false,
    });
  } catch {
    // Wrong origin, rpID, challenge or type, a replayed counter, a malformed response (1.7: 400).
    throw new AuthError('AUTHENTICATION_FAILED');
  }
  if (!verification.verified) throw new AuthError('AUTHENTICATION_FAILED', { status: 401 });
  const { newCounter, userVerified } = verification.authenticationInfo;
  const now = auth.options.now();
  await recordPasskeyUse(auth.db, passkey.id, newCounter, isoNow(now));
  return { passkey: { ...passkey, counter: newCounter, lastUsedAt: new Date(now) }, userVerified };
}
