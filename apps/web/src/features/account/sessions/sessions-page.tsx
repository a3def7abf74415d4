import { GatehouseError, type Session } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { SessionItem } from './session-item.tsx';
import { sessionLocationsQueryOptions, sessionsQueryKey, sessionsQueryOptions } from './sessions-query.ts';
import { SignOutEverywhereDialog } from './sign-out-everywhere-dialog.tsx';

export function SessionsPage() {
  const { t } = useTranslation();
  const { data: current, refetch: refetchSession } = useSession();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions());
  const locations = useQuery(sessionLocationsQueryOptions()).data ?? undefined;
  const currentToken = current?.session.token;

  // A 401 means this session ended elsewhere: re-reading it lets the route guard send us to sign-in.
  const isSignedOut = sessions.error instanceof GatehouseError && sessions.error.status === 401;
  useEffect(() => {
    if (isSignedOut) void refetchSession();
  }, [isSignedOut, refetchSession]);

  const revokeOthers = useMutation({
    mutationFn: () => authClient.revokeOtherSessions(),
    onSuccess: () => toast.success(t('account.sessions.othersSignedOut')),
    onError: (error) => toast.error(errorMessage(error, t)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });

  const list = sessions.data ? sortSessions(sessions.data, currentToken) : [];
  const othersCount = list.filter((session) => session.token !== currentToken).length;

  return (
    <div className="space-y-6">
      <title>{`${t('account.sessions.title')} · Gatehouse`}</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{t('account.sessions.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('account.sessions.explain')}</p>
      </div>

      <Card aria-labelledby="sessions-title">
        <CardHeader className="flex flex-col gap-3 space-y-0 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <CardTitle id="sessions-title">{t('account.sessions.where')}</CardTitle>
            {sessions.data && (
              <CardDescription>{t('account.sessions.count', { count: list.length })}</CardDescription>
            )}
          </div>
          {sessions.isFetching && sessions.data && <Spinner label={t('account.sessions.refreshing')} />}
        </CardHeader>

        {sessions.isPending ? (
          <Spinner label={t('account.sessions.loading')} />
        ) : sessions.isError ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {t('account.sessions.loadFailed')} {errorMessage(sessions.error, t)}
            </span>
            <Button variant="secondary" pending={sessions.isFetching} onClick={() => void sessions.refetch()}>
              {t('account.tryAgain')}
            </Button>
          </Alert>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('account.sessions.none')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {list.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                isCurrent={session.token === currentToken}
                location={locations ? (locations[session.id] ?? null) : undefined}
              />
            ))}
          </ul>
        )}
        {locations && (
          // DB-IP's licence (CC BY 4.0) asks pages showing its results to link back to it.
          <p className="mt-4 text-xs text-muted-foreground">
            {t('account.sessions.approximate')}{' '}
            <a
              href="https://db-ip.com"
              className="underline underline-offset-4"
              rel="noreferrer"
              target="_blank"
            >
              {t('account.sessions.dbip')}
            </a>
          </p>
        )}
      </Card>

      <Card aria-labelledby="sign-out-elsewhere-title">
        <CardHeader>
          <CardTitle id="sign-out-elsewhere-title">{t('account.sessions.elsewhere')}</CardTitle>
          <CardDescription>{t('account.sessions.elsewhereExplain')}</CardDescription>
        </CardHeader>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="secondary"
            pending={revokeOthers.isPending}
            disabled={sessions.isSuccess && othersCount === 0}
            onClick={() => revokeOthers.mutate()}
          >
            {t('account.sessions.signOutOthers')}
          </Button>
          <SignOutEverywhereDialog />
        </div>
        {sessions.isSuccess && othersCount === 0 && (
          <p className="mt-2 text-sm text-muted-foreground">{t('account.sessions.noOthers')}</p>
        )}
      </Card>
    </div>
  );
}

/** This device first, then the most recently active. */
function sortSessions(sessions: Session[], currentToken: string | undefined): Session[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.token === currentToken) - Number(a.token === currentToken) ||
      Date.parse(b.updatedAt) - Date.parse(a.updatedAt),
  );
}
