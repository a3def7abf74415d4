/** `account` in the engine options (docs/protocol/social.md#options). */
export interface AccountOptions {
  /**
   * Encrypt provider access and refresh tokens at rest (XChaCha20-Poly1305,
   * docs/protocol/social.md#token-encryption-at-rest); default false.
   */
  encryptOAuthTokens?: boolean;
  /** A returning sign-in overwrites the stored tokens; default true. */
  updateAccountOnSignIn?: boolean;
  accountLinking?: {
    /** Default true; false blocks implicit and explicit linking. */
    enabled?: boolean;
    /** Providers whose email counts as proof even when they call it unverified. */
    trustedProviders?: string[];
    /** Explicit linking ignores an email mismatch; default false. */
    allowDifferentEmails?: boolean;
    /** Copy name and image onto the user after a link; default false. */
    updateUserInfoOnLink?: boolean;
    /** Allow unlinking the last account; default false. */
    allowUnlinkingAll?: boolean;
    /** No linking by email match during sign-in; default false. */
    disableImplicitLinking?: boolean;
    /**
     * Implicit linking needs the local user's email verified; default true. Turning it off lets
     * whoever pre-registered an address (without proving it) capture its owner's social sign-in.
     */
    requireLocalEmailVerified?: boolean;
  };
}

export interface ResolvedAccountOptions {
  encryptOAuthTokens: boolean;
  updateAccountOnSignIn: boolean;
  linking: {
    enabled: boolean;
    trustedProviders: Set<string>;
    allowDifferentEmails: boolean;
    updateUserInfoOnLink: boolean;
    allowUnlinkingAll: boolean;
    disableImplicitLinking: boolean;
    requireLocalEmailVerified: boolean;
  };
}

export function resolveAccountOptions(options: AccountOptions | undefined): ResolvedAccountOptions {
  const linking = options?.accountLinking ?? {};
  return {
    encryptOAuthTokens: options?.encryptOAuthTokens ?? false,
    updateAccountOnSignIn: options?.updateAccountOnSignIn ?? true,
    linking: {
      enabled: linking.enabled ?? true,
      trustedProviders: new Set(linking.trustedProviders ?? []),
      allowDifferentEmails: linking.allowDifferentEmails ?? false,
      updateUserInfoOnLink: linking.updateUserInfoOnLink ?? false,
      allowUnlinkingAll: linking.allowUnlinkingAll ?? false,
      disableImplicitLinking: linking.disableImplicitLinking ?? false,
      requireLocalEmailVerified: linking.requireLocalEmailVerified ?? true,
    },
  };
}
