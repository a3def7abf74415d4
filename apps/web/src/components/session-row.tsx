import type { IpLocation, Session } from '@gatehouse/client';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../i18n/language.ts';
import { describeLocation } from '../lib/describe-location.ts';
import { formatDateTime, formatRelativeTime } from '../lib/format-time.ts';
import { describeUserAgent, parseUserAgent } from '../lib/parse-user-agent.ts';
import { DeviceIcon } from './device-icon.tsx';
import { Button } from './ui/button.tsx';

interface SessionRowProps {
  session: Pick<Session, 'userAgent' | 'ipAddress' | 'createdAt' | 'updatedAt' | 'expiresAt'>;
  /** Where its address is, approximately; undefined when not looked up, null when unknown. */
  location?: IpLocation | null;
  /** The session in use for this very page: its last activity is now, whatever the row says. */
  activeNow?: boolean;
  /** Beside the device's name, e.g. "This device". */
  badges?: ReactNode;
  /** A drawing of the kind of device, for people looking at their own sessions. */
  showDevice?: boolean;
  /** When the session ends, for admins. */
  showExpiry?: boolean;
  /** Leave out where the session cannot be signed out from its row (the device in hand). */
  signOut?: { pending: boolean; onClick: () => void };
  /** More about the session under its facts, e.g. its own recent events. */
  children?: ReactNode;
}

/**
 * One signed-in browser as a list item: the browser and system it runs on, where it was signed
 * in from and when it was last used, with a button to sign it out.
 */
export function SessionRow({
  session,
  location,
  activeNow = false,
  badges,
  showDevice = false,
  showExpiry = false,
  signOut,
  children,
}: SessionRowProps) {
  const { t, language } = useTranslation();
  const titleId = useId();
  const parsed = parseUserAgent(session.userAgent);
  const updatedAt = new Date(session.updatedAt);

  const details = (
    <div className="min-w-0 flex-1 space-y-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-medium">
          {describeUserAgent(parsed, t)}
        </h3>
        {badges}
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted-foreground">{t('ui.session.ip')}</dt>
        <dd className="break-all">{session.ipAddress || t('ui.session.ipUnknown')}</dd>
        {location !== undefined && (
          <>
            <dt className="text-muted-foreground">{t('ui.session.location')}</dt>
            <dd>{location ? describeLocation(location, language) : t('ui.session.locationUnknown')}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{t('ui.session.signedIn')}</dt>
        <dd>
          <time dateTime={session.createdAt}>{formatDateTime(new Date(session.createdAt), language)}</time>
        </dd>
        <dt className="text-muted-foreground">{t('ui.session.lastActive')}</dt>
        <dd>
          {/* The row's time moves only when the session is extended (daily): the page itself is use. */}
          {activeNow ? (
            t('ui.session.now')
          ) : (
            <time dateTime={session.updatedAt} title={formatDateTime(updatedAt, language)}>
              {formatRelativeTime(updatedAt, new Date(), language)}
            </time>
          )}
        </dd>
        {showExpiry && (
          <>
            <dt className="text-muted-foreground">{t('ui.session.expires')}</dt>
            <dd>
              <time dateTime={session.expiresAt}>
                {formatDateTime(new Date(session.expiresAt), language)}
              </time>
            </dd>
          </>
        )}
      </dl>
      {children}
    </div>
  );

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
      {showDevice ? (
        <div className="flex min-w-0 flex-1 gap-3">
          <DeviceIcon device={parsed.device} className="mt-0.5 size-6 shrink-0 text-muted-foreground" />
          {details}
        </div>
      ) : (
        details
      )}
      {signOut && (
        <Button
          variant="secondary"
          // Stacked on narrow screens: indented past the icon (size-6 + gap-3) to line up with the text.
          className={showDevice ? 'ml-9 self-start sm:ml-0' : 'self-start'}
          pending={signOut.pending}
          aria-describedby={titleId}
          onClick={signOut.onClick}
        >
          {t('ui.session.signOut')}
        </Button>
      )}
    </li>
  );
}
