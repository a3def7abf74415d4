import { alwaysOn, defineFeature } from '../feature-module.ts';
import { coreEndpoints } from './core-endpoints.ts';

export const coreModule = defineFeature({
  name: 'core',
  api: {
    name: 'Service',
    description:
      'The engine itself: a health check, the page failed browser flows land on, and this document.',
  },
  config: alwaysOn,
  endpoints: () => coreEndpoints,
});
