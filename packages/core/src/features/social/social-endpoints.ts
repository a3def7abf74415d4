import { callbackGet } from './social/callback.ts';
import { callbackPost } from './social/callback-post.ts';
import { linkSocial } from './social/link-social.ts';
import { listAccounts } from './social/list-accounts.ts';
import { signInSocial } from './social/sign-in-social.ts';
import { accountInfo, getAccessToken, refreshToken } from './social/token-routes.ts';
import { unlinkAccount } from './social/unlink-account.ts';

/** Social sign-in and provider accounts (contract social-jwt §3–6); always routed. */
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
