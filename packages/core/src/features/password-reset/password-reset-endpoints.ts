import type { ApiFeature } from '../../http/endpoint.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resetPassword } from './reset-password.ts';
import { resetPasswordLink } from './reset-password-link.ts';

/** Asking for a reset link, opening it and setting the new password. */
export const passwordResetEndpoints = [requestPasswordReset, resetPasswordLink, resetPassword] as const;

/** The OpenAPI tag of this feature's routes, and the `/docs/api` page's group. */
export const passwordResetFeature: ApiFeature = {
  name: 'Password reset',
  description: 'Asking for a reset link by email, opening it, and setting the new password.',
};
