import type { SecurityEvent } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { describeEvent } from '../../../components/audit/event-words.ts';
import { EventsLoadFailed } from '../../../components/audit/events-load-failed.tsx';
import { useEventPages } from '../../../components/audit/events-query.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { describeUserAgent, parseUserAgent } from '../../../lib/parse-user-agent.ts';
import { sessionsQueryKey } from '../sessions/sessions-query.ts';

/**
 * The person's own security events as a timeline, newest first. A sign-in from another session
 * offers "This wasn't me": it signs that session out and leads to changing the password.
 */
export function SecurityActivityPage() {
  const { t } = useTranslation();
  const pages = useEventPages('own', {}, (filters, signal) => authClient.securityEvents(filters, { signal }));
  const events = pages.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <div className="space-y-6">
      <title>{`${t('audit.activityTitle')} · Gatehouse`}</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{t('audit.activityTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('audit.activityIntro')}</p>
      </div>
      <Card>
        {pages.isPending ? (
          <Spinner label={t('audit.loading')} />
        ) : pages.isError ? (
          <EventsLoadFailed error={pages.error} retry={() => void pages.refetch()} />
        ) : events.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('audit.empty')}</p>
        ) : (
          <ol aria-label={t('audit.activityTitle')} className="divide-y divide-border">
            {events.map((event) => (
              <TimelineItem key={event.id} event={event} />
            ))}
          </ol>
        )}
        {pages.hasNextPage && (
          <Button
            className="mt-4"
            variant="secondary"
            pending={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {t('audit.loadMore')}
          </Button>
        )}
      </Card>
    </div>
  );
}

function TimelineItem({ event }: { event: SecurityEvent }) {
  const { t, language } = useTranslation();
  const { data: current } = useSession();
  const device = describeUserAgent(parseUserAgent(event.userAgent), t);
  const otherSignIn =
    event.type === 'user.signed_in' &&
    event.outcome === 'success' &&
    event.sessionId !== null &&
    event.sessionId !== current?.session.id;

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="space-y-1">
        <p className="font-medium">
          {describeEvent(event, t)}{' '}
          {event.outcome === 'failure' && <Badge tone="warning">{t('audit.failed')}</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={event.occurredAt}>{formatDateTime(new Date(event.occurredAt), language)}</time>
          {' · '}
          {device}
          {' · '}
          {event.ip ?? t('audit.unknownIp')}
        </p>
      </div>
      {otherSignIn && event.sessionId && <NotMeButton sessionId={event.sessionId} />}
    </li>
  );
}

/**
 * Revoking needs the session's token, which events never hold: the sessions list gives each
 * session's id and token, and the event's sessionId picks the one to end.
 */
function NotMeButton({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: async () => {
      const sessions = await authClient.listSessions();
      const session = sessions.find((each) => each.id === sessionId);
      if (!session) return false;
      await authClient.revokeSession({ token: session.token });
      return true;
    },
    onSuccess: (ended) => {
      toast.success(ended ? t('audit.notMeDone') : t('audit.sessionGone'));
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      void navigate(paths.accountSecurity);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Button variant="secondary" pending={signOut.isPending} onClick={() => signOut.mutate()}>
      {t('audit.notMe')}
    </Button>
  );
}
