import type { AuthContext } from '../../context.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { findUserById } from '../../user/user.repository.ts';
import { userFromRow } from '../../user/user.ts';
import type { ProviderProfile } from './providers/provider.ts';

/** `updateUserInfoOnLink`: name and image from the provider, never the email or its verified flag. */
export async function applyUserInfoOnLink(
  auth: AuthContext,
  userId: string,
  profile: ProviderProfile,
): Promise<void> {
  if (!auth.options.account.linking.updateUserInfoOnLink) return;
  const row = await findUserById(auth.db, userId);
  if (!row) return;
  const user = userFromRow(row, auth.options.additionalFields);
  await updateUserRow(auth, user, {
    name: profile.user.name || user.name,
    image: profile.user.image ?? user.image,
  });
}
