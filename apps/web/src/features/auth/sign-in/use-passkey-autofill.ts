import { GatehouseError } from '@gatehouse/client';
import { useEffect } from 'react';
import { cancelPasskeyPrompt, passkeyAutofillAvailable } from '../../../lib/passkeys.ts';
import { usePasskeysOffered } from '../../../lib/use-passkeys-offered.ts';
import { usePasskeySignIn } from './use-passkey-sign-in.ts';

/**
 * Passkey autofill (conditional mediation): where the browser offers it, the email field's
 * suggestions (`autocomplete="username webauthn"`) include this site's passkeys, and picking one
 * signs in. The pending request waits silently; it ends when the person signs in another way
 * (`cancel`) or leaves the page. Only the server's refusals are worth showing: a prompt ended by
 * the browser or by another sign-in is not an error.
 */
export function usePasskeyAutofill(next: string | null) {
  const signIn = usePasskeySignIn(next);
  const { mutate } = signIn;
  const offered = usePasskeysOffered();
  useEffect(() => {
    if (!offered) return;
    let live = true;
    void passkeyAutofillAvailable().then((available) => {
      if (available && live) mutate(true);
    });
    return () => {
      live = false;
      cancelPasskeyPrompt();
    };
  }, [mutate, offered]);
  return { error: signIn.error instanceof GatehouseError ? signIn.error : null, cancel: cancelPasskeyPrompt };
}
