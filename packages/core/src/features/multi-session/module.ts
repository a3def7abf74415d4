import { defineFeature } from '../feature-module.ts';
import { browserSessions } from './browser-sessions.ts';
import { multiSessionEndpoints } from './multi-session-endpoints.ts';
import { multiSessionErrors } from './multi-session-errors.ts';
import { resolveMultiSession } from './multi-session-options.ts';

export const multiSessionModule = defineFeature({
  name: 'multi-session',
  api: {
    name: 'Several accounts in one browser',
    description:
      'Several people signed in in one browser: listing them, switching between them, signing one out.',
  },
  errors: multiSessionErrors,
  settings: (options) => ({ multiSession: resolveMultiSession(options.multiSession) }),
  config: (options) => options.multiSession,
  endpoints: () => multiSessionEndpoints,
  provides: (config) => ({ browserSessions: browserSessions(config) }),
});
