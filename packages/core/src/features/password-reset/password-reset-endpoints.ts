import { requestPasswordReset } from './request-password-reset.ts';
import { resetPassword } from './reset-password.ts';
import { resetPasswordLink } from './reset-password-link.ts';

/** Asking for a reset link, opening it and setting the new password. */
export const passwordResetEndpoints = [requestPasswordReset, resetPasswordLink, resetPassword] as const;
