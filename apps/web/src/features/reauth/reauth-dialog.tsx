import { GatehouseError } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CurrentPasswordField } from '../../components/current-password-field.tsx';
import { DialogActions } from '../../components/dialog-actions.tsx';
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
import { authClient } from '../../lib/auth-client.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { leaveApp } from '../../lib/leave-app.ts';
import { productConfigQueryOptions } from '../../lib/product-config-query.ts';
import { setReauthenticate } from '../../lib/reauthentication.ts';
import { accountsQueryOptions } from '../account/connections/accounts-query.ts';
import { SignInAgainLink } from '../account/shared/sign-in-again-link.tsx';

const TWO_FACTOR = 'TWO_FACTOR_REQUIRED';

/**
 * Asks for the password (or a linked provider) when the server refuses a sensitive action because
 * the session is not fresh. Confirming signs in again in place, ends the old session, and the
 * refused call runs again; cancelling hands the refusal back to the form that made the call.
 */
export function ReauthDialog() {
  const { data: session, refetch } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      setReauthenticate(
        () =>
          new Promise<boolean>((resolve) => {
            answer.current = resolve;
            setOpen(true);
          }),
      ),
    [],
  );

  const accounts = useQuery({ ...accountsQueryOptions(), enabled: open });
  const config = useQuery({ ...productConfigQueryOptions(), enabled: open });

  const finish = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setOpen(false);
    setPassword('');
    confirm.reset();
  };

  const confirm = useMutation({
    mutationFn: async () => {
      const previous = session?.session.token;
      const signedIn = await authClient.signInEmail({ email: session?.user.email ?? '', password });
      // With two-factor on, the password alone opens no session: the sign-in page finishes it.
      if (!signedIn.token) throw new Error(TWO_FACTOR);
      await refetch();
      return { previous, current: signedIn.token };
    },
    onSuccess: ({ previous, current }) => {
      finish(true);
      // The replaced session would linger in the sessions list until it expires.
      if (previous && previous !== current)
        void authClient.revokeSession({ token: previous }).catch(() => {});
    },
  });
  const social = useMutation({
    mutationFn: (provider: string) =>
      authClient.signInSocial({
        provider,
        callbackURL: `${location.pathname}${location.search}`,
        errorCallbackURL: paths.socialError,
      }),
    onSuccess: (redirect) => leaveApp(redirect.url),
  });

  const list = accounts.data ?? [];
  const hasPassword = accounts.isPending || list.some((each) => each.providerId === 'credential');
  const providers = (config.data?.socialProviders ?? []).filter((provider) =>
    list.some((each) => each.providerId === provider.id),
  );
  const twoFactor = confirm.error instanceof Error && confirm.error.message === TWO_FACTOR;
  // The email is the signed-in one, so a refusal can only be about the password: say so there.
  const wrongPassword =
    confirm.error instanceof GatehouseError && confirm.error.code === 'INVALID_EMAIL_OR_PASSWORD';
  const failure = confirm.error && !twoFactor && !wrongPassword ? confirm.error : social.error;
  const error = failure ? errorMessage(failure) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) confirm.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && finish(false)}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{t('reauth.title')}</DialogTitle>
            <DialogDescription>
              {t(hasPassword ? 'reauth.withPassword' : 'reauth.withProvider', {
                email: session?.user.email ?? '',
              })}
            </DialogDescription>
          </DialogHeader>
          {hasPassword && (
            <CurrentPasswordField value={password} onChange={setPassword} wrong={wrongPassword} />
          )}
          {twoFactor && (
            <p className="mt-4 text-sm" role="alert">
              {t('reauth.twoFactor')}{' '}
              <SignInAgainLink
                next={`${location.pathname}${location.search}`}
                className="font-medium underline"
              />
            </p>
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
      </DialogContent>
    </Dialog>
  );
}
