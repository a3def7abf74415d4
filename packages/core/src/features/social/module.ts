import { alwaysOn, defineFeature } from '../feature-module.ts';
import { socialEndpoints } from './social-endpoints.ts';

export const socialModule = defineFeature({
  name: 'social',
  api: {
    name: 'Social sign-in',
    description:
      'Sign-in with OAuth and OpenID Connect providers, linked provider accounts and their tokens.',
  },
  config: alwaysOn,
  endpoints: () => socialEndpoints,
});
