import { callbackGet } from './callback.ts';
import { callbackPost } from './callback-post.ts';
import { linkSocial } from './link-social.ts';
import { listAccounts } from './list-accounts.ts';
import { signInSocial } from './sign-in-social.ts';
import { accountInfo, getAccessToken, refreshToken } from './token-routes.ts';
import { unlinkAccount } from './unlink-account.ts';

/**
 * Social sign-in and provider accounts (docs/protocol/social.md#sign-in-with-a-provider,
 * docs/protocol/social.md#account-routes); always routed.
 */
export const socialEndpoints = [
  signInSocial,
  callbackGet,
  callbackPost,
  linkSocial,
  listAccounts,
  unlinkAccount,
  getAccessToken,
  refreshToken,
  accountInfo,
] as const;
