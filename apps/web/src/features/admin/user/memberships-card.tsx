import { type AdminUser, GatehouseError } from '@gatehouse/client';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { withElements } from '../../../i18n/with-elements.ts';
import { formatDate } from '../../../lib/format-time.ts';
import { roleLabel } from '../../../lib/role-label.ts';
import { userMembershipsQueryOptions } from '../api/users-queries.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';

/** The organizations the user belongs to, their role and since when; absent with organizations off. */
export function MembershipsCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const memberships = useQuery(userMembershipsQueryOptions(user.id));
  // The server answers 404 when the product runs without organizations: nothing to show then.
  if (memberships.error instanceof GatehouseError && memberships.error.status === 404) return null;
  const list = memberships.data ?? [];
  return (
    <Card aria-labelledby="memberships-title">
      <CardHeader>
        <CardTitle id="memberships-title">{t('admin.orgs.title')}</CardTitle>
        <CardDescription>
          {list.length === 0 ? t('admin.orgs.none') : t('admin.orgs.count', { count: list.length })}
        </CardDescription>
      </CardHeader>
      {memberships.isPending ? (
        <Spinner label={t('admin.orgs.loading')} />
      ) : memberships.isError ? (
        <Alert tone="error">
          {t('admin.orgs.loadFailed', { reason: adminErrorMessage(memberships.error, t) })}
        </Alert>
      ) : (
        list.length > 0 && (
          <ul className="divide-y divide-border">
            {list.map(({ memberId, role, joinedAt, organization }) => (
              <li key={memberId} className="flex flex-wrap items-center gap-3 py-3">
                <Avatar src={organization.logo} name={organization.name} className="size-8 text-xs" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium wrap-anywhere">{organization.name}</p>
                  <p className="text-xs text-muted-foreground wrap-anywhere">{organization.slug}</p>
                </div>
                <Badge>{roleLabel(role, t)}</Badge>
                <p className="w-full text-xs text-muted-foreground sm:w-auto">
                  {withElements(t('admin.orgs.joined'), {
                    date: <time dateTime={joinedAt}>{formatDate(new Date(joinedAt))}</time>,
                  })}
                </p>
              </li>
            ))}
          </ul>
        )
      )}
    </Card>
  );
}
