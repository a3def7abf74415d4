import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { newChallenge, startCeremony } from './ceremony-challenge.ts';
import { listPasskeysOfUser } from './passkey.repository.ts';
import { credentialDescriptor, credentialDescriptorJson } from './passkey-json.ts';
import type { ResolvedPasskey } from './passkey-options.ts';

/**
 * GET /passkey/generate-authenticate-options (docs/protocol/passkey.md#generate-authenticate-options), no
 * session needed: the request options for `navigator.credentials.get`. Signed in, the browser is offered
 * the user's own passkeys; otherwise none are named (discoverable credentials, autofill).
 */
export const generateAuthenticateOptions = (config: ResolvedPasskey) =>
  defineEndpoint({
    name: 'generatePasskeyAuthenticationOptions',
    method: 'GET',
    path: '/passkey/generate-authenticate-options',
    summary: 'Start signing in with a passkey',
    description:
      "The options for `navigator.credentials.get`. Signed in, the user's own passkeys are offered; " +
      'otherwise none are named (discoverable credentials, autofill).',
    requires: 'optional',
    response: z.object({
      rpId: z.string(),
      challenge: z.string(),
      // The signed-in caller's own passkeys, when they have any.
      allowCredentials: z.array(credentialDescriptorJson).optional(),
      timeout: z.number().int(),
      userVerification: z.literal('preferred'),
    }),
    errors: [],
    noStore: true,
    async handler({ auth, request, session }) {
      const challenge = newChallenge();
      const userId = session?.user.id ?? '';
      await startCeremony(auth, request, config, {
        type: 'authentication',
        expectedChallenge: challenge,
        userData: { id: userId },
      });
      const passkeys = userId ? await listPasskeysOfUser(auth.db, userId) : [];
      return {
        rpId: config.rpID,
        challenge,
        ...(passkeys.length > 0 ? { allowCredentials: passkeys.map(credentialDescriptor) } : {}),
        timeout: 60_000,
        userVerification: 'preferred',
      };
    },
  });
