import { alwaysOn, defineFeature } from '../feature-module.ts';
import { emailPasswordEndpoints } from './email-password-endpoints.ts';

export const emailPasswordModule = defineFeature({
  name: 'email-password',
  api: {
    name: 'Email and password',
    description: 'Sign-up, sign-in and sign-out with an email address and a password.',
  },
  config: alwaysOn,
  // Every way of signing in or up checks a secret: the prefixes cover each method's route.
  rateLimits: [
    { prefix: '/sign-in', limit: 'sign-in' },
    { prefix: '/sign-up', limit: 'sign-in' },
  ],
  endpoints: () => emailPasswordEndpoints,
});
