import type { AdminSession, AdminUser } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { formatDateTime, formatRelativeTime } from '../../account/sessions/format-time.ts';
import { describeUserAgent, parseUserAgent } from '../../account/sessions/parse-user-agent.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { userSessionsQueryOptions } from '../api/users-queries.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';

interface UserSessionsCardProps {
  user: AdminUser;
  /** The admin's own session token: revoking it signs the admin out. */
  currentToken: string | undefined;
}

/** Where the user is signed in, impersonation sessions included; each can be ended, or all at once. */
export function UserSessionsCard({ user, currentToken }: UserSessionsCardProps) {
  const sessions = useQuery(userSessionsQueryOptions(user.id));
  const list = sessions.data ? [...sessions.data].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)) : [];

  return (
    <Card aria-labelledby="user-sessions-title">
      <CardHeader className="flex flex-col gap-3 space-y-0 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle id="user-sessions-title">Sessions</CardTitle>
          <CardDescription>
            {list.length === 0
              ? 'Where they are signed in.'
              : list.length === 1
                ? '1 active session'
                : `${list.length} active sessions`}
          </CardDescription>
        </div>
        {list.length > 0 && (
          <RevokeAllDialog user={user} includesCurrent={list.some((s) => s.token === currentToken)} />
        )}
      </CardHeader>
      {sessions.isPending ? (
        <Spinner label="Loading sessions…" />
      ) : sessions.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>The sessions could not be loaded. {adminErrorMessage(sessions.error)}</span>
          <Button variant="secondary" pending={sessions.isFetching} onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">Not signed in anywhere.</p>
      ) : (
        <ul className="divide-y divide-border">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              userId={user.id}
              session={session}
              isCurrent={session.token === currentToken}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SessionRow({
  userId,
  session,
  isCurrent,
}: {
  userId: string;
  session: AdminSession;
  isCurrent: boolean;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = useSession();
  const label = describeUserAgent(parseUserAgent(session.userAgent));
  const updatedAt = new Date(session.updatedAt);

  const revoke = useMutation({
    mutationFn: () => authClient.adminRevokeUserSession({ sessionToken: session.token }),
    onSuccess: () => {
      toast.success(`Signed out ${label}.`);
      // Ending one's own session signs out: reading the session again lets the guard go to sign-in.
      if (isCurrent) void refetchSession(true);
    },
    onError: (error) => toast.error(adminErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.userSessions(userId) }),
  });

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-medium">
            {label}
          </h3>
          {isCurrent && <Badge tone="info">Your session</Badge>}
          {session.impersonatedBy && <Badge tone="warning">Impersonation</Badge>}
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">IP address</dt>
          <dd className="break-all">{session.ipAddress || 'unknown'}</dd>
          <dt className="text-muted-foreground">Signed in</dt>
          <dd>
            <time dateTime={session.createdAt}>{formatDateTime(new Date(session.createdAt))}</time>
          </dd>
          <dt className="text-muted-foreground">Last active</dt>
          <dd>
            <time dateTime={session.updatedAt} title={formatDateTime(updatedAt)}>
              {formatRelativeTime(updatedAt)}
            </time>
          </dd>
          <dt className="text-muted-foreground">Expires</dt>
          <dd>
            <time dateTime={session.expiresAt}>{formatDateTime(new Date(session.expiresAt))}</time>
          </dd>
        </dl>
      </div>
      <Button
        variant="secondary"
        className="self-start"
        pending={revoke.isPending}
        aria-describedby={titleId}
        onClick={() => revoke.mutate()}
      >
        Sign out
      </Button>
    </li>
  );
}

function RevokeAllDialog({ user, includesCurrent }: { user: AdminUser; includesCurrent: boolean }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = useSession();
  const who = user.name || user.email;
  const revokeAll = useMutation({
    mutationFn: () => authClient.adminRevokeUserSessions({ userId: user.id }),
    onSuccess: () => {
      setOpen(false);
      toast.success(`${who} is signed out everywhere.`);
      if (includesCurrent) void refetchSession(true);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.userSessions(user.id) }),
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive" className="self-start">
          Sign out everywhere
        </Button>
      }
      title={`Sign ${who} out everywhere?`}
      description={
        <>
          Every session ends at once. They can sign in again with their password.
          {includesCurrent && ' This includes your own session: you will be signed out too.'}
        </>
      }
      confirmLabel="Sign out everywhere"
      action={revokeAll}
      errorMessage={adminErrorMessage}
    />
  );
}
