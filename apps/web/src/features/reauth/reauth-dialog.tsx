import { GatehouseError } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CurrentPasswordField } from '../../components/current-password-field.tsx';
import { DialogActions } from '../../components/dialog-actions.tsx';
import { TwoFactorForm } from '../../components/two-factor-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { paths } from '../../config/paths.ts';
import { useTranslation } from '../../i18n/language.ts';
import { accountsQueryOptions } from '../../lib/accounts-query.ts';
import { authClient } from '../../lib/auth-client.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { leaveApp } from '../../lib/leave-app.ts';
import { passkeyAssertion, passkeyErrorMessage, passkeysSupported } from '../../lib/passkeys.ts';
import { passkeysQueryOptions } from '../../lib/passkeys-query.ts';
import { RETURN_MARK, rememberPending } from '../../lib/pending-reauth.ts';
import { productConfigQueryOptions } from '../../lib/product-config-query.ts';
import { type RefusedCall, setReauthenticate } from '../../lib/reauthentication.ts';
import { isTwoFactorChallenge, type SecondFactor } from '../../lib/two-factor.ts';

/**
 * Asks for the password (or a passkey, or a linked provider) when the server refuses a sensitive
 * action because the session is not fresh. Confirming signs in again in place, ends the old
 * session, and the refused call runs again; cancelling hands the refusal back to the form that
 * made the call. With two-factor on, the password is followed by a code in the same dialog (the
 * password alone opens no session, and the server has already ended this browser's one). A
 * provider's sign-in leaves the app: it comes back to this page, where the refused call is taken
 * up (lib/pending-reauth.ts).
 */
export function ReauthDialog() {
  const { data: session, refetch } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  /** The second factors owed, once the password was right for a person with two-factor on. */
  const [methods, setMethods] = useState<SecondFactor[] | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);
  // The session goes away during a two-factor sign-in; the address it was for stays.
  const email = useRef('');
  if (session) email.current = session.user.email;
  const replaced = useRef<string | undefined>(undefined);
  const refused = useRef<RefusedCall | null>(null);

  useEffect(
    () =>
      setReauthenticate(
        (call) =>
          new Promise<boolean>((resolve) => {
            answer.current = resolve;
            refused.current = call;
            setOpen(true);
          }),
      ),
    [],
  );

  const accounts = useQuery({ ...accountsQueryOptions(), enabled: open });
  const config = useQuery({ ...productConfigQueryOptions(), enabled: open });
  const passkeys = useQuery({
    ...passkeysQueryOptions(),
    enabled: open && config.data?.passkeys === true && passkeysSupported(),
  });

  const finish = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    refused.current = null;
    setOpen(false);
    setPassword('');
    setMethods(null);
    confirm.reset();
    passkey.reset();
  };
  /**
   * Signed in again: the replaced session, which would linger in the list, is ended first, and
   * then the refused call may run. Not both at once: the call may replace this session in turn
   * (turning two-factor off does), and a request still carrying the replaced one signs out.
   */
  const signedInAgain = async (current: string | undefined) => {
    const previous = replaced.current;
    if (previous && previous !== current) {
      await authClient.revokeSession({ token: previous }).catch(() => {});
      // Ending it makes the session store read the session again, carrying this session; that
      // read must be answered before the call may replace it.
      await refetch();
    }
    finish(true);
  };

  const confirm = useMutation({
    mutationFn: async () => {
      replaced.current = session?.session.token;
      const signedIn: unknown = await authClient.signInEmail({ email: email.current, password });
      if (isTwoFactorChallenge(signedIn)) return { methods: signedIn.twoFactorMethods, token: undefined };
      await refetch();
      return { methods: null, token: (signedIn as { token: string }).token };
    },
    onSuccess: ({ methods: owed, token }) => {
      if (owed) setMethods(owed);
      else void signedInAgain(token);
    },
  });
  /** A passkey of the person makes this same session fresh again (POST /passkey/reauthenticate). */
  const passkey = useMutation({
    mutationFn: async () => {
      const response = await passkeyAssertion();
      await authClient.passkeyReauthenticate({ response });
      await refetch();
    },
    onSuccess: () => finish(true),
  });
  const social = useMutation({
    mutationFn: (provider: string) => {
      if (refused.current && session)
        rememberPending(refused.current, {
          userId: session.user.id,
          path: location.pathname,
          replacedSessionId: session.session.id,
        });
      const back = new URLSearchParams(location.search);
      back.set(RETURN_MARK, '1');
      return authClient.signInSocial({
        provider,
        callbackURL: `${location.pathname}?${back}`,
        errorCallbackURL: paths.socialError,
      });
    },
    onSuccess: (redirect) => leaveApp(redirect.url),
  });

  const list = accounts.data ?? [];
  const hasPassword = accounts.isPending || list.some((each) => each.providerId === 'credential');
  const providers = (config.data?.socialProviders ?? []).filter((provider) =>
    list.some((each) => each.providerId === provider.id),
  );
  // The email is the signed-in one, so a refusal can only be about the password: say so there.
  const wrongPassword =
    confirm.error instanceof GatehouseError && confirm.error.code === 'INVALID_EMAIL_OR_PASSWORD';
  const failure = confirm.error && !wrongPassword ? confirm.error : social.error;
  const error = passkey.isError
    ? passkeyErrorMessage(passkey.error, t)
    : failure
      ? errorMessage(failure, t)
      : null;
  const hasPasskeys = (passkeys.data ?? []).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) confirm.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && finish(false)}>
      <DialogContent>
        {methods ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('reauth.title')}</DialogTitle>
              <DialogDescription>{t('reauth.twoFactor')}</DialogDescription>
            </DialogHeader>
            <div className="mt-4">
              <TwoFactorForm
                methods={methods}
                onVerified={(token) => void refetch().then(() => signedInAgain(token))}
              />
            </div>
            <DialogActions cancelLabel={t('common.cancel')}>{null}</DialogActions>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <DialogHeader>
              <DialogTitle>{t('reauth.title')}</DialogTitle>
              <DialogDescription>
                {t(hasPassword ? 'reauth.withPassword' : 'reauth.withProvider', {
                  email: email.current,
                })}
              </DialogDescription>
            </DialogHeader>
            {hasPassword && (
              <CurrentPasswordField value={password} onChange={setPassword} wrong={wrongPassword} />
            )}
            {hasPasskeys && (
              <Button
                type="button"
                variant="secondary"
                className="mt-4 w-full"
                pending={passkey.isPending}
                disabled={social.isPending || social.isSuccess}
                onClick={() => passkey.mutate()}
              >
                {t('passkey.reauth')}
              </Button>
            )}
            {providers.length > 0 && (
              <ul className="mt-4 space-y-2" aria-label={t('reauth.providers')}>
                {providers.map((provider) => (
                  <li key={provider.id}>
                    <Button
                      type="button"
                      variant="secondary"
                      className="w-full"
                      pending={social.isPending && social.variables === provider.id}
                      disabled={social.isPending || social.isSuccess}
                      onClick={() => social.mutate(provider.id)}
                    >
                      {t('reauth.continueWith', { provider: provider.name })}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <DialogActions error={error} cancelLabel={t('common.cancel')}>
              {hasPassword && (
                <Button type="submit" pending={confirm.isPending} disabled={!password}>
                  {t('reauth.confirm')}
                </Button>
              )}
            </DialogActions>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
