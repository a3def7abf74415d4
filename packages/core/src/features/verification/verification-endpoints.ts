import type { ApiFeature } from '../../http/endpoint.ts';
import { sendVerificationEmailEndpoint } from './send-verification-email.ts';
import { verifyEmail } from './verify-email.ts';

/** Sending and opening email verification links. */
export const verificationEndpoints = [sendVerificationEmailEndpoint, verifyEmail] as const;

/** The OpenAPI tag of this feature's routes, and the `/docs/api` page's group. */
export const verificationFeature: ApiFeature = {
  name: 'Email verification',
  description: 'Sending and opening the links that verify an email address.',
};
