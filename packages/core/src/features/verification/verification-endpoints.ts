import { sendVerificationEmailEndpoint } from './send-verification-email.ts';
import { verifyEmail } from './verify-email.ts';

/** Sending and opening email verification links. */
export const verificationEndpoints = [sendVerificationEmailEndpoint, verifyEmail] as const;
