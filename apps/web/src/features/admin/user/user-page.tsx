import { type AdminUser, GatehouseError } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/en.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { withElements } from '../../../i18n/with-elements.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { userQueryOptions } from '../api/users-queries.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { banStateOf } from '../shared/ban-state.ts';
import { isAdminRole } from '../shared/roles.ts';
import { RoleBadges, StatusBadges } from '../shared/user-badges.tsx';
import { AccessCard } from './access-card.tsx';
import { ApiKeysCard } from './api-keys-card.tsx';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { ImpersonateDialog } from './impersonate-dialog.tsx';
import { MembershipsCard } from './memberships-card.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { RoleCard } from './role-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';
import { UserSessionsCard } from './user-sessions-card.tsx';

/** `/admin/users/:userId`: one user, everything an admin can do to them. */
export function UserPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const location = useLocation();
  const { data: session } = useSession();
  const user = useQuery(userQueryOptions(userId));
  // Back to the list as it was left (search, filter, sort, page), when we came from it.
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const backTo = `${paths.adminUsers}${listSearch}`;

  const back = (
    <Link to={backTo} className="inline-flex items-center gap-1 text-sm hover:underline">
      <span aria-hidden>←</span> {t('admin.user.allUsers')}
    </Link>
  );

  if (user.isPending) {
    return (
      <div className="space-y-6">
        {back}
        <Spinner label={t('admin.user.loading')} />
      </div>
    );
  }
  if (user.isError) {
    const gone = user.error instanceof GatehouseError && user.error.status === 404;
    return (
      <div className="space-y-6">
        <title>{`${t('admin.user.title')} · ${t('admin.area')} · Gatehouse`}</title>
        {back}
        <h1 className="text-2xl font-semibold">{gone ? t('admin.user.notFound') : t('admin.user.title')}</h1>
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{gone ? t('admin.user.notFoundExplain') : adminErrorMessage(user.error, t)}</span>
          {!gone && (
            <Button variant="secondary" pending={user.isFetching} onClick={() => void user.refetch()}>
              {t('admin.retry')}
            </Button>
          )}
        </Alert>
      </div>
    );
  }

  const isSelf = session?.user.id === user.data.id;
  // `key` starts the forms afresh when another user is opened on the same route.
  return (
    <div key={user.data.id} className="space-y-6">
      <title>{`${user.data.name || user.data.email} · ${t('admin.area')} · Gatehouse`}</title>
      {back}
      <UserHeader user={user.data} isSelf={isSelf} />
      <ProfileCard user={user.data} />
      <RoleCard user={user.data} isSelf={isSelf} />
      <AccessCard user={user.data} isSelf={isSelf} />
      <TwoFactorCard user={user.data} />
      <PasskeysCard user={user.data} />
      <ApiKeysCard user={user.data} />
      <UserSessionsCard user={user.data} currentToken={session?.session.token} />
      <MembershipsCard user={user.data} />
      <Card aria-labelledby="delete-title" className="border-destructive/50">
        <CardHeader>
          <CardTitle id="delete-title">{t('admin.delete.title')}</CardTitle>
          <CardDescription>
            {isSelf ? t('admin.delete.selfExplain') : t('admin.delete.explain')}
          </CardDescription>
        </CardHeader>
        <DeleteUserDialog user={user.data} disabled={isSelf} backTo={backTo} />
      </Card>
    </div>
  );
}

/** Why impersonating is not offered, when it is not (docs/protocol/admin.md#impersonate-user). */
function impersonationBlocker(user: AdminUser, isSelf: boolean): MessageKey | null {
  if (isSelf) return 'admin.user.self';
  if (isAdminRole(user)) return 'admin.user.adminNoImpersonation';
  if (banStateOf(user).kind === 'active') return 'admin.user.bannedNoImpersonation';
  return null;
}

function UserHeader({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation();
  const blocker = impersonationBlocker(user, isSelf);
  const username = shownUsername(user);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Avatar src={user.image} name={user.name || user.email} className="size-16 text-xl" />
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <p className="text-sm font-medium text-muted-foreground">
            {t(isSelf ? 'admin.user.kickerSelf' : 'admin.user.kicker')}
          </p>
          <h1 className="text-2xl font-semibold wrap-anywhere">{user.name || user.email}</h1>
          {user.name && <p className="wrap-anywhere text-muted-foreground">{user.email}</p>}
          {username && (
            <p className="wrap-anywhere text-muted-foreground">{t('username.ofUser', { username })}</p>
          )}
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <RoleBadges user={user} />
          <StatusBadges user={user} showBanDetails={false} />
        </div>
        <p className="text-xs text-muted-foreground">
          {withElements(t('admin.user.createdUpdated'), {
            created: <time dateTime={user.createdAt}>{formatDateTime(new Date(user.createdAt))}</time>,
            updated: <time dateTime={user.updatedAt}>{formatDateTime(new Date(user.updatedAt))}</time>,
          })}
        </p>
      </div>
      <div className="space-y-1 sm:max-w-48 sm:text-right">
        <ImpersonateDialog user={user} disabled={blocker !== null} />
        {blocker && <p className="text-xs text-muted-foreground">{t(blocker)}</p>}
      </div>
    </div>
  );
}

/** The username as its holder typed it, else as stored; none while usernames are off or unset. */
function shownUsername(user: AdminUser): string | null {
  const shown = user.displayUsername || user.username;
  return typeof shown === 'string' && shown !== '' ? shown : null;
}
