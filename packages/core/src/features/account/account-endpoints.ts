import { changeEmail } from './change-email.ts';
import { changePassword } from './change-password.ts';
import { deleteUser } from './delete-user.ts';
import { deleteUserCallback } from './delete-user-callback.ts';
import { updateUser } from './update-user.ts';
import { verifyPasswordEndpoint } from './verify-password.ts';

/** A signed-in user managing their own account: password, profile, email, deletion. */
export const accountEndpoints = [
  changePassword,
  verifyPasswordEndpoint,
  updateUser,
  changeEmail,
  deleteUser,
  deleteUserCallback,
] as const;
