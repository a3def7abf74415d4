import { alwaysOn, defineFeature } from '../feature-module.ts';
import { accountEndpoints } from './account-endpoints.ts';

export const accountModule = defineFeature({
  name: 'account',
  api: {
    name: 'Account',
    description: 'A signed-in user managing their own account: password, profile, email address, deletion.',
  },
  config: alwaysOn,
  endpoints: () => accountEndpoints,
});
