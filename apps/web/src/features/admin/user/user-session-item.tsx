import type { AdminSession } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SessionRow } from '../../../components/session-row.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { describeUserAgent, parseUserAgent } from '../../../lib/parse-user-agent.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';

/** One of the user's sessions, with when it expires and a button to end it. */
export function UserSessionItem({
  userId,
  session,
  isCurrent,
}: {
  userId: string;
  session: AdminSession;
  /** The admin's own session: ending it signs the admin out. */
  isCurrent: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = useSession();
  const revoke = useMutation({
    mutationFn: () => authClient.adminRevokeUserSession({ sessionToken: session.token }),
    onSuccess: () => {
      toast.success(
        t('admin.sessions.signedOut', { device: describeUserAgent(parseUserAgent(session.userAgent), t) }),
      );
      // Ending one's own session signs out: reading the session again lets the guard go to sign-in.
      if (isCurrent) void refetchSession(true);
    },
    onError: (error) => toast.error(adminErrorMessage(error, t)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.userSessions(userId) }),
  });

  return (
    <SessionRow
      session={session}
      showExpiry
      badges={
        <>
          {isCurrent && <Badge tone="info">{t('admin.sessions.yours')}</Badge>}
          {session.impersonatedBy && <Badge tone="warning">{t('admin.sessions.impersonation')}</Badge>}
        </>
      }
      signOut={{ pending: revoke.isPending, onClick: () => revoke.mutate() }}
    />
  );
}
