import { alwaysOn, defineFeature } from '../feature-module.ts';
import { accountEndpoints } from './account-endpoints.ts';

export const accountModule = defineFeature({
  name: 'account',
  api: {
    name: 'Account',
    description: 'A signed-in user managing their own account: password, profile, email address, deletion.',
  },
  config: alwaysOn,
  // `/verify-password` and `/delete-user` check the caller's password; exact, so
  // `/delete-user/callback` (a random emailed token) keeps the default.
  rateLimits: [
    { path: '/verify-password', limit: 'sign-in' },
    { path: '/delete-user', limit: 'sign-in' },
    { prefix: '/change-password', limit: 'sign-in' },
    { prefix: '/change-email', limit: 'sign-in' },
  ],
  endpoints: () => accountEndpoints,
});
