import { alwaysOn, defineFeature } from '../feature-module.ts';
import { verificationEndpoints } from './verification-endpoints.ts';

export const verificationModule = defineFeature({
  name: 'verification',
  api: {
    name: 'Email verification',
    description: 'Sending and opening the links that verify an email address.',
  },
  config: alwaysOn,
  rateLimits: [{ path: '/send-verification-email', limit: 'email' }],
  endpoints: () => verificationEndpoints,
});
