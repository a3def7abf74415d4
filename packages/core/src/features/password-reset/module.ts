import { alwaysOn, defineFeature } from '../feature-module.ts';
import { passwordResetEndpoints } from './password-reset-endpoints.ts';

export const passwordResetModule = defineFeature({
  name: 'password-reset',
  api: {
    name: 'Password reset',
    description: 'Asking for a reset link by email, opening it, and setting the new password.',
  },
  config: alwaysOn,
  // `/forget-password` is Better Auth's older name of the request.
  rateLimits: [
    { path: '/request-password-reset', limit: 'email' },
    { prefix: '/forget-password', limit: 'email' },
  ],
  endpoints: () => passwordResetEndpoints,
});
