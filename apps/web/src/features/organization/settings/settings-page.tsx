import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useOrgContext } from '../layout/org-context.ts';
import { RequireTwoFactorCard } from '../two-factor-policy/require-two-factor-card.tsx';
import { DeleteOrganizationDialog } from './delete-organization-dialog.tsx';
import { LeaveOrganizationDialog } from './leave-organization-dialog.tsx';
import { OrganizationForm } from './organization-form.tsx';

/** The organization's details, leaving it, and (for roles allowed to) deleting it. */
export function SettingsPage() {
  const { organization, permissions } = useOrgContext();
  return (
    <div className="space-y-4">
      {/* Keyed on the organization so the form starts from its values after a switch. */}
      <OrganizationForm
        key={`${organization.id}:${organization.name}:${organization.slug}:${organization.logo}`}
      />
      {permissions.can('organization', 'update') && <RequireTwoFactorCard />}
      <Card aria-labelledby="leave-title">
        <CardHeader>
          <CardTitle id="leave-title">Leave</CardTitle>
          <CardDescription>Stop being a member of {organization.name}.</CardDescription>
        </CardHeader>
        <LeaveOrganizationDialog organization={organization} />
      </Card>
      {permissions.can('organization', 'delete') && (
        <Card aria-labelledby="delete-org-title" className="border-destructive/50">
          <CardHeader>
            <CardTitle id="delete-org-title">Delete organization</CardTitle>
            <CardDescription>Removes the organization and everything in it.</CardDescription>
          </CardHeader>
          <DeleteOrganizationDialog organization={organization} />
        </Card>
      )}
    </div>
  );
}
