import { GatehouseError, type SocialProvider } from '@gatehouse/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { accountsQueryKey, accountsQueryOptions } from '../../../lib/accounts-query.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { leaveApp } from '../../../lib/leave-app.ts';
import { productConfigQueryOptions, providerName } from '../../../lib/product-config-query.ts';
import { needsSignIn } from '../shared/server-error.ts';
import { SignInAgainLink } from '../shared/sign-in-again-link.tsx';
import { AccountItem } from './account-item.tsx';

/**
 * The person's ways to sign in: each connected account with a Remove button, and a Connect button
 * for every configured provider not connected yet. Connecting leaves for the provider and comes
 * back to this page, with `?linked=1` or, when it failed, `?error=<code>`.
 */
export function ConnectedAccountsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accounts = useQuery(accountsQueryOptions());
  const config = useQuery(productConfigQueryOptions());
  const providers = config.data?.socialProviders;

  // The outcome of the last link (?linked=1 or ?error=) is stale once something else happens.
  const [, setParams] = useSearchParams();
  const unlink = useMutation({
    mutationFn: (accountId: string) => authClient.unlinkAccount({ accountId }),
    onMutate: () => setParams({}, { replace: true }),
    onSuccess: () => toast.success(t('social.connections.removed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
  const link = useMutation({
    mutationFn: (provider: SocialProvider) =>
      authClient.linkSocial({
        provider: provider.id,
        callbackURL: `${paths.accountConnections}?linked=1`,
        errorCallbackURL: paths.accountConnections,
      }),
    onSuccess: (answer) => leaveApp(answer.url),
  });

  const list = accounts.data ?? [];
  const linkedProviders = new Set(list.map((account) => account.providerId));
  const connectable = (providers ?? []).filter((provider) => !linkedProviders.has(provider.id));
  const failure = unlink.error ?? link.error;
  const failureCode = failure instanceof GatehouseError ? failure.code : undefined;
  const isLeaving = link.isPending || link.isSuccess;

  return (
    <Card aria-labelledby="connected-accounts-title">
      <CardHeader>
        <CardTitle id="connected-accounts-title">{t('social.connections.cardTitle')}</CardTitle>
        <CardDescription>{t('social.connections.cardExplain')}</CardDescription>
      </CardHeader>

      {failure && (
        <Alert tone="error" className="mb-3">
          {errorMessage(failure, t)}{' '}
          {needsSignIn(failureCode) && (
            <SignInAgainLink next={paths.accountConnections} className="font-medium underline" />
          )}
        </Alert>
      )}

      {accounts.isPending ? (
        <Spinner label={t('social.connections.loading')} />
      ) : accounts.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {t('social.connections.loadFailed')} {errorMessage(accounts.error, t)}
          </span>
          <Button variant="secondary" pending={accounts.isFetching} onClick={() => void accounts.refetch()}>
            {t('social.connections.tryAgain')}
          </Button>
        </Alert>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('social.connections.list')}>
          {list.map((account) => (
            <AccountItem
              key={account.id}
              account={account}
              name={providerName(account.providerId, providers, t)}
              isLast={list.length === 1}
              canConnectMore={connectable.length > 0}
              isRemoving={unlink.isPending && unlink.variables === account.id}
              onRemove={() => unlink.mutate(account.id)}
            />
          ))}
        </ul>
      )}

      {accounts.isSuccess && connectable.length > 0 && (
        <div className="mt-4 flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:flex-wrap">
          {connectable.map((provider) => (
            <Button
              key={provider.id}
              variant="secondary"
              disabled={isLeaving}
              pending={isLeaving && link.variables?.id === provider.id}
              onClick={() => link.mutate(provider)}
            >
              {t('social.connections.connect', { provider: provider.name })}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
