import { defineFeature } from '../feature-module.ts';
import { magicLinkEndpoints } from './magic-link-endpoints.ts';
import { resolveMagicLink } from './magic-link-options.ts';

export const magicLinkModule = defineFeature({
  name: 'magic-link',
  api: {
    name: 'Magic link',
    description: 'Signing in with a link sent by email, or with the code printed beside it.',
  },
  settings: (options, core) => ({ magicLink: resolveMagicLink(options.magicLink, core) }),
  // The request sends mail; following the link or typing its code checks a secret.
  rateLimits: [
    { path: '/sign-in/magic-link', limit: 'email' },
    { path: '/magic-link/verify', limit: 'sign-in' },
    { path: '/magic-link/verify-code', limit: 'sign-in' },
  ],
  config: (options) => options.magicLink,
  endpoints: (config) => magicLinkEndpoints(config),
});
