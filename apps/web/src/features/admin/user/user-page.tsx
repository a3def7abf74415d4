import { GatehouseError } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { userQueryOptions } from '../api/users-queries.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { AccessCard } from './access-card.tsx';
import { ApiKeysCard } from './api-keys-card.tsx';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { MembershipsCard } from './memberships-card.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { RoleCard } from './role-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';
import { UserHeader } from './user-header.tsx';
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
