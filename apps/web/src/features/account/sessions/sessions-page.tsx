import { GatehouseError, type Session } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { SessionItem } from './session-item.tsx';
import { sessionLocationsQueryOptions, sessionsQueryKey, sessionsQueryOptions } from './sessions-query.ts';
import { SignOutEverywhereDialog } from './sign-out-everywhere-dialog.tsx';

export function SessionsPage() {
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
    onSuccess: () => toast.success('Your other devices are signed out.'),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });

  const list = sessions.data ? sortSessions(sessions.data, currentToken) : [];
  const othersCount = list.filter((session) => session.token !== currentToken).length;

  return (
    <div className="space-y-6">
      <title>Sessions · Gatehouse</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Sessions</h1>
        <p className="text-sm text-muted-foreground">
          The browsers and devices signed in to your account. If you see one you don’t recognise, sign it out
          and change your password.
        </p>
      </div>

      <Card aria-labelledby="sessions-title">
        <CardHeader className="flex flex-col gap-3 space-y-0 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <CardTitle id="sessions-title">Where you’re signed in</CardTitle>
            {sessions.data && (
              <CardDescription>
                {list.length === 1 ? '1 active session' : `${list.length} active sessions`}
              </CardDescription>
            )}
          </div>
          {sessions.isFetching && sessions.data && <Spinner label="Refreshing…" />}
        </CardHeader>

        {sessions.isPending ? (
          <Spinner label="Loading sessions…" />
        ) : sessions.isError ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
            <span>Your sessions could not be loaded. {errorMessage(sessions.error)}</span>
            <Button variant="secondary" pending={sessions.isFetching} onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active sessions.</p>
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
            Locations are approximate.{' '}
            <a
              href="https://db-ip.com"
              className="underline underline-offset-4"
              rel="noreferrer"
              target="_blank"
            >
              IP Geolocation by DB-IP
            </a>
          </p>
        )}
      </Card>

      <Card aria-labelledby="sign-out-elsewhere-title">
        <CardHeader>
          <CardTitle id="sign-out-elsewhere-title">Sign out elsewhere</CardTitle>
          <CardDescription>
            Sign out every other device and stay signed in here, or end every session, this one too.
          </CardDescription>
        </CardHeader>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="secondary"
            pending={revokeOthers.isPending}
            disabled={sessions.isSuccess && othersCount === 0}
            onClick={() => revokeOthers.mutate()}
          >
            Sign out other devices
          </Button>
          <SignOutEverywhereDialog />
        </div>
        {sessions.isSuccess && othersCount === 0 && (
          <p className="mt-2 text-sm text-muted-foreground">No other devices are signed in.</p>
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
