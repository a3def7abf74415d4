import type { Session } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { DeviceIcon } from './device-icon.tsx';
import { formatDateTime, formatRelativeTime } from './format-time.ts';
import { describeUserAgent, parseUserAgent } from './parse-user-agent.ts';
import { sessionsQueryKey } from './sessions-query.ts';

/** One signed-in browser; other devices get a button to sign them out. */
export function SessionItem({ session, isCurrent }: { session: Session; isCurrent: boolean }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const parsed = parseUserAgent(session.userAgent);
  const label = describeUserAgent(parsed);
  const createdAt = new Date(session.createdAt);
  const updatedAt = new Date(session.updatedAt);

  const revoke = useMutation({
    mutationFn: () => authClient.revokeSession({ token: session.token }),
    onSuccess: () => toast.success(`Signed out ${label}.`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 gap-3">
        <DeviceIcon device={parsed.device} className="mt-0.5 size-6 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-medium">
              {label}
            </h3>
            {isCurrent && <Badge tone="info">This device</Badge>}
          </div>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-muted-foreground">IP address</dt>
            <dd className="break-all">{session.ipAddress || 'unknown'}</dd>
            <dt className="text-muted-foreground">Signed in</dt>
            <dd>
              <time dateTime={session.createdAt}>{formatDateTime(createdAt)}</time>
            </dd>
            <dt className="text-muted-foreground">Last active</dt>
            <dd>
              <time dateTime={session.updatedAt} title={formatDateTime(updatedAt)}>
                {formatRelativeTime(updatedAt)}
              </time>
            </dd>
          </dl>
        </div>
      </div>
      {!isCurrent && (
        <Button
          variant="secondary"
          className="ml-9 self-start sm:ml-0"
          pending={revoke.isPending}
          aria-describedby={titleId}
          onClick={() => revoke.mutate()}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
