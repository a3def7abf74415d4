import type { ResolvedMagicLink } from './magic-link-options.ts';
import { signInMagicLink } from './sign-in-magic-link.ts';
import { verifyMagicLink } from './verify-magic-link.ts';
import { verifyMagicLinkCode } from './verify-magic-link-code.ts';

/** Asking for a link, following it, and typing its code instead. */
export const magicLinkEndpoints = (config: ResolvedMagicLink) =>
  [signInMagicLink(config), verifyMagicLink, verifyMagicLinkCode] as const;
