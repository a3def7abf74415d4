import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { describeEvent } from '../../../components/audit/event-words.ts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { sessionsQueryKey } from './sessions-query.ts';

/** How many of a device's events its row shows; the rest are on the Security activity page. */
export const RECENT_EVENTS = 5;

/**
 * A device's own recent events (`GET /security/events?sessionId=`): what was done from that
 * session, newest first. Under the sessions key, so refreshing the list refreshes these too.
 */
export function SessionEvents({ sessionId }: { sessionId: string }) {
  const { t, language } = useTranslation();
  const events = useQuery({
    queryKey: [...sessionsQueryKey, 'events', sessionId] as const,
    queryFn: ({ signal }) => authClient.securityEvents({ sessionId, limit: RECENT_EVENTS }, { signal }),
  });
  const headingId = `session-events-${sessionId}`;

  return (
    <section aria-labelledby={headingId} className="space-y-1 text-sm">
      <h4 id={headingId} className="text-muted-foreground">
        {t('sessions.recentEvents')}
      </h4>
      {events.isError ? (
        <p className="text-muted-foreground">{t('sessions.eventsFailed')}</p>
      ) : events.data && events.data.events.length === 0 ? (
        <p className="text-muted-foreground">{t('sessions.noEvents')}</p>
      ) : (
        <ul className="space-y-0.5">
          {events.data?.events.map((event) => (
            <li key={event.id} className="flex flex-wrap gap-x-2">
              <span>{describeEvent(event, t)}</span>
              <time dateTime={event.occurredAt} className="text-muted-foreground">
                {formatDateTime(new Date(event.occurredAt), language)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {events.data?.nextCursor && (
        <Link to={paths.accountActivity} className="underline underline-offset-4">
          {t('sessions.allActivity')}
        </Link>
      )}
    </section>
  );
}
