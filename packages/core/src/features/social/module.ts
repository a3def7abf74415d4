import { alwaysOn, defineFeature } from '../feature-module.ts';
import { socialEndpoints } from './social-endpoints.ts';
import { socialErrors } from './social-errors.ts';
import { resolveAccountOptions } from './social-options.ts';

export const socialModule = defineFeature({
  name: 'social',
  api: {
    name: 'Social sign-in',
    description:
      'Sign-in with OAuth and OpenID Connect providers, linked provider accounts and their tokens.',
  },
  errors: socialErrors,
  settings: (options) => ({
    socialProviders: options.socialProviders ?? {},
    account: resolveAccountOptions(options.account),
  }),
  config: alwaysOn,
  rateLimits: [{ prefix: '/sign-in/social', limit: 'sign-in' }],
  endpoints: () => socialEndpoints,
});
