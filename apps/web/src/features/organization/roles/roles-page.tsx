import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { actionLabel, resourceLabel } from '../../../lib/permissions/permission-labels.ts';
import { pairCount } from '../../../lib/permissions/permission-set.ts';
import { rolesQueryOptions } from '../api/org-queries.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { DeleteRoleDialog } from './delete-role-dialog.tsx';
import { RoleDialog } from './role-dialog.tsx';

/** The organization's custom roles next to the built-in owner, admin and member. */
export function RolesPage() {
  const { t } = useTranslation();
  const { organization, permissions } = useOrgContext();
  const roles = useQuery(rolesQueryOptions(organization.id));
  return (
    <Card aria-labelledby="roles-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle id="roles-title">{t('orgRole.title')}</CardTitle>
          <CardDescription>{t('orgRole.explain')}</CardDescription>
        </div>
        {permissions.can('ac', 'create') && <RoleDialog />}
      </CardHeader>
      {roles.isPending && <Spinner label={t('orgRole.loading')} />}
      {roles.isError && <Alert tone="error">{orgErrorMessage(roles.error, t)}</Alert>}
      {roles.data && roles.data.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('orgRole.none')}</p>
      )}
      {roles.data && roles.data.length > 0 && (
        <ul className="divide-y divide-border">
          {roles.data.map((role) => (
            <li key={role.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <div className="font-medium">{role.role}</div>
                <div className="text-xs text-muted-foreground">
                  {Object.entries(role.permission)
                    .filter(([, actions]) => actions.length > 0)
                    .map(
                      ([resource, actions]) =>
                        `${resourceLabel(resource, t)}: ${actions.map((action) => actionLabel(action, t)).join(', ')}`,
                    )
                    .join(' · ') || t('orgRole.noPermissions')}{' '}
                  ({pairCount(role.permission)})
                </div>
              </div>
              <div className="flex gap-2">
                {permissions.can('ac', 'update') && <RoleDialog role={role} />}
                {permissions.can('ac', 'delete') && <DeleteRoleDialog role={role} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
