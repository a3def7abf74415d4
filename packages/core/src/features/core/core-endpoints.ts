import { changeEmail } from './account/change-email.ts';
import { changePassword } from './account/change-password.ts';
import { deleteUser } from './account/delete-user.ts';
import { deleteUserCallback } from './account/delete-user-callback.ts';
import { updateUser } from './account/update-user.ts';
import { verifyPasswordEndpoint } from './account/verify-password.ts';
import { errorPage } from './core/error-page.ts';
import { ok } from './core/ok.ts';
import { signInEmail } from './email-password/sign-in.ts';
import { signOut } from './email-password/sign-out.ts';
import { signUpEmail } from './email-password/sign-up.ts';
import { requestPasswordReset } from './password-reset/request-password-reset.ts';
import { resetPassword } from './password-reset/reset-password.ts';
import { resetPasswordLink } from './password-reset/reset-password-link.ts';
import { getSession, postGetSession } from './sessions/get-session.ts';
import { listSessions } from './sessions/list-sessions.ts';
import { revokeOtherSessions, revokeSession, revokeSessions } from './sessions/revoke-sessions.ts';
import { sendVerificationEmailEndpoint } from './verification/send-verification-email.ts';
import { verifyEmail } from './verification/verify-email.ts';

/** Every endpoint of the core features, in the order the README lists them. */
export const coreEndpoints = [
  signUpEmail,
  signInEmail,
  signOut,
  getSession,
  postGetSession,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
  sendVerificationEmailEndpoint,
  verifyEmail,
  requestPasswordReset,
  resetPasswordLink,
  resetPassword,
  changePassword,
  verifyPasswordEndpoint,
  updateUser,
  changeEmail,
  deleteUser,
  deleteUserCallback,
  ok,
  errorPage,
] as const;
