import type { IpLocation, Session } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SessionRow } from '../../../components/session-row.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { describeUserAgent, parseUserAgent } from '../../../lib/parse-user-agent.ts';
import { SessionEvents } from './session-events.tsx';
import { sessionsQueryKey } from './sessions-query.ts';

/** One signed-in browser with its own recent events; other devices get a button to sign them out. */
export function SessionItem({
  session,
  isCurrent,
  location,
}: {
  session: Session;
  isCurrent: boolean;
  location?: IpLocation | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => authClient.revokeSession({ token: session.token }),
    onSuccess: () =>
      toast.success(
        t('account.sessions.signedOut', { device: describeUserAgent(parseUserAgent(session.userAgent), t) }),
      ),
    onError: (error) => toast.error(errorMessage(error, t)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });

  return (
    <SessionRow
      session={session}
      location={location}
      activeNow={isCurrent}
      showDevice
      badges={isCurrent && <Badge tone="info">{t('account.sessions.thisDevice')}</Badge>}
      signOut={isCurrent ? undefined : { pending: revoke.isPending, onClick: () => revoke.mutate() }}
    >
      <SessionEvents sessionId={session.id} />
    </SessionRow>
  );
}
