import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { rolesQueryOptions } from '../api/org-queries.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { DeleteRoleDialog } from './delete-role-dialog.tsx';
import { pairCount } from './permission-set.ts';
import { RoleDialog } from './role-dialog.tsx';

/** The organization's custom roles next to the built-in owner, admin and member. */
export function RolesPage() {
  const { organization, permissions } = useOrgContext();
  const roles = useQuery(rolesQueryOptions(organization.id));
  return (
    <Card aria-labelledby="roles-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle id="roles-title">Custom roles</CardTitle>
          <CardDescription>
            Besides Owner, Admin and Member, roles made for this organization.
          </CardDescription>
        </div>
        {permissions.can('ac', 'create') && <RoleDialog />}
      </CardHeader>
      {roles.isPending && <Spinner label="Loading roles…" />}
      {roles.isError && <Alert tone="error">{orgErrorMessage(roles.error)}</Alert>}
      {roles.data && roles.data.length === 0 && (
        <p className="text-sm text-muted-foreground">No custom roles yet.</p>
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
                    .map(([resource, actions]) => `${resource}: ${actions.join(', ')}`)
                    .join(' · ') || 'No permissions'}{' '}
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
