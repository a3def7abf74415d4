import { callbackGet } from './social/callback.ts';
import { callbackPost } from './social/callback-post.ts';
import { linkSocial } from './social/link-social.ts';
import { signInSocial } from './social/sign-in-social.ts';

/** Social sign-in and provider accounts (contract social-jwt §3–6); always routed. */
export const socialEndpoints = [signInSocial, callbackGet, callbackPost, linkSocial] as const;
