import { GatehouseError, type Passkey } from '@gatehouse/client';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import type { MessageKey } from '../i18n/en.ts';
import type { Translate } from '../i18n/language.ts';
import { authClient } from './auth-client.ts';
import { errorMessage } from './error-messages.ts';
import { parseUserAgent } from './parse-user-agent.ts';

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/**
 * Whether the browser offers passkeys in the email field's autofill (conditional mediation);
 * false wherever the check itself is missing.
 */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  try {
    return await browserSupportsWebAuthnAutofill();
  } catch {
    return false;
  }
}

/**
 * A name for a new passkey from this browser and system ("Chrome on macOS", "Chrome unter macOS"),
 * in the reader's language, which the person may change.
 */
export function defaultPasskeyName(t: Translate, userAgent: string = navigator.userAgent): string {
  const { browser, os } = parseUserAgent(userAgent);
  if (browser === 'Unknown' && os === 'Unknown') return t('passkey.defaultName');
  if (browser === 'Unknown') return os;
  return os === 'Unknown' ? browser : t('ui.device.browserOnOs', { browser, os });
}

/**
 * Registers a passkey of this browser under `name`. The options call needs a fresh session; the
 * app's client asks the person to confirm it is them and retries (lib/reauthentication.ts).
 */
export async function registerPasskey(name: string): Promise<Passkey> {
  const optionsJSON = await authClient.passkeyGenerateRegisterOptions({ name });
  const response = await startRegistration({ optionsJSON: optionsJSON as never });
  return authClient.passkeyVerifyRegistration({ response, name });
}

/** Asks the browser for an assertion by one of the person's passkeys (or by autofill in the email field). */
export async function passkeyAssertion(useBrowserAutofill = false): Promise<unknown> {
  const optionsJSON = await authClient.passkeyGenerateAuthenticateOptions();
  return startAuthentication({ optionsJSON: optionsJSON as never, useBrowserAutofill });
}

/** Ends a pending passkey prompt (autofill included), as when the person signs in another way. */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony();
}

/** Server refusals a passkey screen says in its own words; the rest keep the app-wide ones. */
const SERVER_ERRORS: Record<string, MessageKey> = {
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'passkey.lastWay',
};

/**
 * A passkey failure in the app's words, or null for the app-wide words of a server refusal. The
 * browser reports a closed prompt, a timeout and an unknown passkey all as NotAllowedError (it
 * hides which), so one message covers them.
 */
export function passkeyErrorKey(error: unknown): MessageKey | null {
  if (error instanceof GatehouseError) return SERVER_ERRORS[error.code] ?? null;
  if (!(error instanceof Error)) return null;
  if (error.name === 'NotAllowedError') return 'passkey.error.notAllowed';
  if (error.name === 'InvalidStateError') return 'passkey.error.alreadyRegistered';
  if (error.name === 'AbortError') return 'passkey.error.aborted';
  if (error.name === 'NotSupportedError' || error.name === 'SecurityError')
    return 'passkey.error.unsupported';
  return null;
}

/** The message for any passkey failure: the passkey screens' own words, else the app-wide ones. */
export function passkeyErrorMessage(error: unknown, t: (key: MessageKey) => string): string {
  const key = passkeyErrorKey(error);
  return key ? t(key) : errorMessage(error, t);
}
