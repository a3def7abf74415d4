import { alwaysOn, defineFeature } from '../feature-module.ts';
import { sessionEndpoints } from './session-endpoints.ts';

export const sessionsModule = defineFeature({
  name: 'sessions',
  api: {
    name: 'Sessions',
    description: "Reading the current session, and listing and ending one's sessions on every device.",
  },
  config: alwaysOn,
  endpoints: () => sessionEndpoints,
});
