import { defineFeature } from '../feature-module.ts';
import { usernameColumns } from './migrations/0023-username.ts';
import { USERNAME_FIELD_REFUSALS, usernameChecks } from './username-checks.ts';
import { usernameEndpoints } from './username-endpoints.ts';
import { usernameErrors } from './username-errors.ts';
import { resolveUsername, usernameFields } from './username-options.ts';

export const usernameModule = defineFeature({
  name: 'username',
  api: {
    name: 'Usernames',
    description: 'A username beside the email address: chosen at sign-up or later, and a way to sign in.',
  },
  errors: usernameErrors,
  migrations: { '0023-username': usernameColumns },
  settings: (options) => ({ username: resolveUsername(options.username) }),
  userFields: ({ username }) => usernameFields(username),
  // A password sign-in (docs/protocol/core.md#rate-limiting); email-password's `/sign-in` prefix
  // would cover it too, but the rule belongs to the feature that mounts the route.
  rateLimits: [{ path: '/sign-in/username', limit: 'sign-in' }],
  refusals: { 'POST /sign-up/email': USERNAME_FIELD_REFUSALS, 'POST /update-user': USERNAME_FIELD_REFUSALS },
  config: (options) => options.username,
  endpoints: (config) => usernameEndpoints(config),
  provides: (config) => ({ userFieldChecks: usernameChecks(config) }),
});
