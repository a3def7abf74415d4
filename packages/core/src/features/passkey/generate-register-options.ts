import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { newChallenge, startCeremony } from './ceremony-challenge.ts';
import { refuseImpersonation } from './impersonation.ts';
import { listPasskeysOfUser } from './passkey.repository.ts';
import { credentialDescriptor, credentialDescriptorJson } from './passkey-json.ts';
import type { ResolvedPasskey } from './passkey-options.ts';
import { registerOptionsQuery } from './passkey-schemas.ts';
import { userHandle } from './user-handle.ts';

/**
 * EdDSA, ES256, RS256, in 1.7's order (docs/protocol/passkey.md#options); fixed so the answer does not depend
 * on the runtime.
 */
const ALGORITHMS = [-8, -7, -257];

/**
 * GET /passkey/generate-register-options (docs/protocol/passkey.md#generate-register-options), recent sign-in:
 * the creation options for `navigator.credentials.create`, and the ceremony's challenge.
 * The user handle is the account's stable one (docs/protocol/passkey.md#d10-one-user-handle-per-account) and
 * the authenticator's account name is the email; the label in `?name=` belongs to the passkey row only.
 */
export const generateRegisterOptions = (config: ResolvedPasskey) =>
  defineEndpoint({
    name: 'generatePasskeyRegistrationOptions',
    method: 'GET',
    path: '/passkey/generate-register-options',
    summary: 'Start registering a passkey',
    description:
      'The options for `navigator.credentials.create`; needs a recent sign-in (or re-authentication).',
    query: registerOptionsQuery,
    requires: 'recent',
    response: z.object({
      challenge: z.string(),
      rp: z.object({ name: z.string(), id: z.string() }),
      user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
      pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
      timeout: z.number().int(),
      attestation: z.literal('none'),
      excludeCredentials: z.array(credentialDescriptorJson),
      authenticatorSelection: z.object({
        residentKey: z.literal('preferred'),
        userVerification: z.literal('preferred'),
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        requireResidentKey: z.literal(false),
      }),
      extensions: z.object({ credProps: z.literal(true) }),
      hints: z.array(z.string()),
    }),
    errors: ['PASSKEY_REGISTRATION_WHILE_IMPERSONATING'],
    noStore: true,
    async handler({ auth, request, query, session: { session, user } }) {
      refuseImpersonation(session);
      const challenge = newChallenge();
      const userData = { id: user.id, name: user.email || user.id, displayName: user.email || user.id };
      await startCeremony(auth, request, config, {
        type: 'registration',
        expectedChallenge: challenge,
        userData,
        context: query.context ?? null,
      });
      const existing = await listPasskeysOfUser(auth.db, user.id);
      return {
        challenge,
        rp: { name: config.rpName, id: config.rpID },
        user: {
          id: userHandle(auth.options.secret, user.id),
          name: userData.name,
          displayName: userData.displayName,
        },
        pubKeyCredParams: ALGORITHMS.map((alg) => ({ alg, type: 'public-key' })),
        timeout: 60_000,
        attestation: 'none',
        excludeCredentials: existing.map(credentialDescriptor),
        authenticatorSelection: {
          residentKey: 'preferred',
          userVerification: 'preferred',
          ...(query.authenticatorAttachment
            ? { authenticatorAttachment: query.authenticatorAttachment }
            : {}),
          requireResidentKey: false,
        },
        extensions: { credProps: true },
        hints: [],
      };
    },
  });
