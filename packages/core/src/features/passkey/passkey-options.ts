/**
 * `passkey` in the engine options (docs/protocol/passkey.md#options). An object turns the feature
 * on (the product does, `PASSKEYS`); `false` or leaving it out keeps it off.
 */
export interface PasskeyOptions {
  /** The WebAuthn relying party id; default the base URL's host name. */
  rpID?: string;
  /** The relying party's name shown by authenticators; default the core `appName`. */
  rpName?: string;
}

/**
 * What the feature works with. The expected origins are not here: they are the engine's trusted
 * origins (base URL + `trustedOrigins`, docs/protocol/passkey.md#d11-origins-come-from-configuration),
 * matched by `auth.origins`.
 */
export interface ResolvedPasskey {
  rpID: string;
  rpName: string;
  /**
   * Lifetime of a ceremony's challenge (cookie and row), 300 s as in 1.7
   * (docs/protocol/passkey.md#ceremony-challenge).
   */
  challengeMaxAge: number;
}

export function resolvePasskey(
  options: PasskeyOptions | false | undefined,
  core: { appName: string; origin: string },
): ResolvedPasskey | undefined {
  if (!options) return undefined;
  const rpID = options.rpID ?? new URL(core.origin).hostname;
  if (!rpID || rpID.includes('/') || rpID.includes(':')) {
    throw new Error(`passkey.rpID must be a host name, got "${rpID}"`);
  }
  return { rpID, rpName: options.rpName ?? core.appName, challengeMaxAge: 300 };
}
