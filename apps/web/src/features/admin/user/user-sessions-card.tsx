import type { AdminUser } from '@gatehouse/client';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { userSessionsQueryOptions } from '../api/users-queries.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { RevokeUserSessionsDialog } from './revoke-user-sessions-dialog.tsx';
import { UserSessionItem } from './user-session-item.tsx';

interface UserSessionsCardProps {
  user: AdminUser;
  /** The admin's own session token: revoking it signs the admin out. */
  currentToken: string | undefined;
}

/** Where the user is signed in, impersonation sessions included; each can be ended, or all at once. */
export function UserSessionsCard({ user, currentToken }: UserSessionsCardProps) {
  const { t } = useTranslation();
  const sessions = useQuery(userSessionsQueryOptions(user.id));
  const list = sessions.data ? [...sessions.data].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)) : [];

  return (
    <Card aria-labelledby="user-sessions-title">
      <CardHeader className="flex flex-col gap-3 space-y-0 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle id="user-sessions-title">{t('admin.sessions.title')}</CardTitle>
          <CardDescription>
            {list.length === 0
              ? t('admin.sessions.where')
              : t('admin.sessions.count', { count: list.length })}
          </CardDescription>
        </div>
        {list.length > 0 && (
          <RevokeUserSessionsDialog
            user={user}
            includesCurrent={list.some((s) => s.token === currentToken)}
          />
        )}
      </CardHeader>
      {sessions.isPending ? (
        <Spinner label={t('admin.sessions.loading')} />
      ) : sessions.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{t('admin.sessions.loadFailed', { reason: adminErrorMessage(sessions.error, t) })}</span>
          <Button variant="secondary" pending={sessions.isFetching} onClick={() => void sessions.refetch()}>
            {t('admin.retry')}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.sessions.none')}</p>
      ) : (
        <ul className="divide-y divide-border">
          {list.map((session) => (
            <UserSessionItem
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
