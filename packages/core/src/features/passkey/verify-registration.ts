import type { RegistrationResponseJSON, VerifiedRegistrationResponse } from '@simplewebauthn/server';
import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { generateId } from '../../crypto/random.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { passkeyJson, sessionJson, userJson } from '../../http/response-schemas.ts';
import { noticeCredentialChange } from '../../notices/security-notices.ts';
import { createSession } from '../../session/create-session.ts';
import { sessionToJson } from '../../session/session.ts';
import { userToJson } from '../../user/user.ts';
import { consumeCeremony } from './ceremony-challenge.ts';
import { claimedTrustedOrigin } from './expected-origin.ts';
import { refuseImpersonation } from './impersonation.ts';
import { findPasskeyByCredentialID, insertPasskey, type NewPasskey } from './passkey.repository.ts';
import { passkeyToJson } from './passkey-json.ts';
import type { ResolvedPasskey } from './passkey-options.ts';
import { verifyRegistrationBody } from './passkey-schemas.ts';
import { webauthnLibrary } from './webauthn-library.ts';

const failed = () => new AuthError('FAILED_TO_VERIFY_REGISTRATION');

/**
 * POST /passkey/verify-registration (docs/protocol/passkey.md#verify-registration), recent sign-in: checks the
 * authenticator's attestation against the ceremony and stores the passkey. Where Gatehouse does
 * better than 1.7: origins from configuration (D11), a credential id registered once (D12), a
 * malformed response is 400 not 500 (D13), the challenge cookie is expired (D14).
 */
export const verifyRegistration = (config: ResolvedPasskey) =>
  defineEndpoint({
    name: 'verifyPasskeyRegistration',
    method: 'POST',
    path: '/passkey/verify-registration',
    summary: 'Store a new passkey',
    description:
      "Checks the authenticator's answer against the ceremony started by generate-register-options.",
    body: verifyRegistrationBody,
    requires: 'recent',
    // With `createSession`, the new session and its user come along.
    response: z.union([passkeyJson.extend({ session: sessionJson, user: userJson }), passkeyJson]),
    errors: [
      'PASSKEY_REGISTRATION_WHILE_IMPERSONATING',
      'FAILED_TO_VERIFY_REGISTRATION',
      'CHALLENGE_NOT_FOUND',
      'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
      'BANNED_USER',
      'UNABLE_TO_CREATE_SESSION',
    ],
    async handler({ auth, request, body, session: { session: current, user } }) {
      refuseImpersonation(current);
      if (!request.header('origin')) throw failed();
      const ceremony = await consumeCeremony(auth, request, 'registration');
      if (ceremony.userData.id !== user.id)
        throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY');
      const origin = claimedTrustedOrigin(auth, body.response);
      if (!origin) throw failed();
      // Loaded before the try: a library that fails to load is the server's fault, not the browser's.
      const { verifyRegistrationResponse } = await webauthnLibrary();
      let verification: VerifiedRegistrationResponse;
      try {
        verification = await verifyRegistrationResponse({
          response: body.response as unknown as RegistrationResponseJSON,
          expectedChallenge: ceremony.expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: config.rpID,
          requireUserVerification: false,
          supportedAlgorithmIDs: [-8, -7, -257],
        });
      } catch {
        throw failed();
      }
      if (!verification.verified) throw failed();
      const info = verification.registrationInfo;
      const passkey: NewPasskey = {
        id: generateId(),
        name: body.name || null,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64'),
        userId: user.id,
        credentialID: info.credential.id,
        counter: info.credential.counter,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        transports: (info.credential.transports ?? []).join(','),
        createdAt: new Date(auth.options.now()),
        aaguid: info.aaguid,
      };
      await storeOnce(auth, passkey);
      await auth.audit.record(request, {
        type: 'user.passkey_registered',
        target: { type: 'passkey', id: passkey.id },
        metadata: {
          passkeyId: passkey.id,
          aaguid: passkey.aaguid ?? null,
          deviceType: passkey.deviceType,
          backedUp: passkey.backedUp,
        },
      });
      // A passkey is a way in that outlives a password change: the owner hears of each new one.
      await noticeCredentialChange(auth, request, user, 'passkey-added');
      const json = passkeyToJson({ ...passkey, lastUsedAt: null });
      if (!body.createSession) return json;
      const session = await createSession(auth, request, user).catch((error: unknown) => {
        if (error instanceof AuthError) throw error;
        throw new AuthError('UNABLE_TO_CREATE_SESSION', { cause: error });
      });
      return {
        ...json,
        session: sessionToJson(session),
        user: userToJson(user, auth.options.additionalFields),
      };
    },
  });

/**
 * A credential id belongs to one passkey (docs/protocol/passkey.md#d12-credential-ids-are-unique). Checked
 * first, because an adopted 1.7 table with duplicates has no unique index; the index decides a race on new
 * databases.
 */
async function storeOnce(auth: AuthContext, passkey: NewPasskey): Promise<void> {
  if (await findPasskeyByCredentialID(auth.db, passkey.credentialID)) throw failed();
  try {
    await insertPasskey(auth.db, passkey);
  } catch (error) {
    if (await findPasskeyByCredentialID(auth.db, passkey.credentialID)) throw failed();
    throw error;
  }
}
