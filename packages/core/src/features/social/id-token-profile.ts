import { AuthError } from '../../errors.ts';
import type { ProviderProfile, SocialProvider } from './providers/provider.ts';
import type { VerifiedProfile } from './sign-in-with-profile.ts';

export interface SubmittedIdToken {
  token: string;
  nonce?: string;
  accessToken?: string;
  refreshToken?: string;
  user?: { name?: { firstName?: string; lastName?: string }; email?: string };
}

/**
 * A client-submitted id token (docs/protocol/social.md#id-token-sign-in steps 2–6): supported, verified
 * (nonce only when one is sent), read into a profile with an email and a real account id.
 */
export async function profileFromIdToken(
  provider: SocialProvider,
  idToken: SubmittedIdToken,
): Promise<VerifiedProfile> {
  if (!provider.verifyIdToken || provider.settings.disableIdTokenSignIn) {
    throw new AuthError('ID_TOKEN_NOT_SUPPORTED');
  }
  if (!(await provider.verifyIdToken(idToken.token, idToken.nonce))) {
    throw new AuthError('INVALID_TOKEN', { status: 401 });
  }
  let profile: ProviderProfile | null = null;
  try {
    profile = await provider.userInfo({
      tokens: { idToken: idToken.token, accessToken: idToken.accessToken, scopes: [] },
      postedUser: idToken.user,
      idTokenVerified: true,
    });
  } catch {
    profile = null;
  }
  return checkedProfile(profile);
}

/** Profile, then email, then account id (docs/protocol/social.md#id-token-sign-in steps 4–6). */
export function checkedProfile(profile: ProviderProfile | null): VerifiedProfile {
  if (!profile) throw new AuthError('FAILED_TO_GET_USER_INFO');
  if (!profile.user.email) throw new AuthError('USER_EMAIL_NOT_FOUND');
  if (!profile.accountId) throw new AuthError('FAILED_TO_GET_USER_INFO');
  return profile as VerifiedProfile;
}
