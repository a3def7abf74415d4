import { defineFeature } from '../feature-module.ts';
import { passkeyTable } from './migrations/0009-passkey.ts';
import { passkeyDirectory } from './passkey-directory.ts';
import { passkeyEndpoints } from './passkey-endpoints.ts';
import { passkeyErrors } from './passkey-errors.ts';
import { passkeyEvents } from './passkey-events.ts';
import { resolvePasskey } from './passkey-options.ts';

export const passkeyModule = defineFeature({
  name: 'passkey',
  api: {
    name: 'Passkeys',
    description:
      'WebAuthn passkeys: registering, signing in, managing them, and confirming the person for a sensitive change.',
  },
  errors: passkeyErrors,
  events: passkeyEvents,
  migrations: { '0009-passkey': passkeyTable },
  // Passkey sign-in (and step-up) is a sign-in: the same rule, in every environment
  // (docs/protocol/two-factor.md#d3-second-factors-are-always-rate-limited).
  rateLimits: [
    { prefix: '/passkey/verify-authentication', limit: 'sign-in' },
    { prefix: '/passkey/reauthenticate', limit: 'sign-in' },
  ],
  settings: (options, core) => ({
    passkey: resolvePasskey(options.passkey, { appName: core.appName, origin: core.origin }),
  }),
  config: (options) => options.passkey,
  endpoints: (config) => passkeyEndpoints(config),
  provides: () => ({ passkeys: passkeyDirectory }),
});
