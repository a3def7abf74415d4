import { deletePasskey } from './delete-passkey.ts';
import { generateAuthenticateOptions } from './generate-authenticate-options.ts';
import { generateRegisterOptions } from './generate-register-options.ts';
import { listUserPasskeys } from './list-user-passkeys.ts';
import type { ResolvedPasskey } from './passkey-options.ts';
import { reauthenticate } from './reauthenticate.ts';
import { updatePasskey } from './update-passkey.ts';
import { verifyAuthentication } from './verify-authentication.ts';
import { verifyRegistration } from './verify-registration.ts';

/**
 * The seven `/passkey/*` routes of docs/protocol/passkey.md#route-table, built from the resolved
 * options, and Gatehouse's step-up route.
 */
export function passkeyEndpoints(config: ResolvedPasskey) {
  return [
    generateRegisterOptions(config),
    verifyRegistration(config),
    generateAuthenticateOptions(config),
    verifyAuthentication(config),
    listUserPasskeys,
    deletePasskey,
    updatePasskey,
    reauthenticate(config),
  ] as const;
}
