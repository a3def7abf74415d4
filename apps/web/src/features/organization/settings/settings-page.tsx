import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { RequireTwoFactorCard } from '../two-factor-policy/require-two-factor-card.tsx';
import { DeleteOrganizationDialog } from './delete-organization-dialog.tsx';
import { LeaveOrganizationDialog } from './leave-organization-dialog.tsx';
import { OrganizationForm } from './organization-form.tsx';

/** The organization's details, leaving it, and (for roles allowed to) deleting it. */
export function SettingsPage() {
  const { t } = useTranslation();
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
          <CardTitle id="leave-title">{t('org.leave.title')}</CardTitle>
          <CardDescription>{t('org.leave.explain', { name: organization.name })}</CardDescription>
        </CardHeader>
        <LeaveOrganizationDialog organization={organization} />
      </Card>
      {permissions.can('organization', 'delete') && (
        <Card aria-labelledby="delete-org-title" className="border-destructive/50">
          <CardHeader>
            <CardTitle id="delete-org-title">{t('org.delete.title')}</CardTitle>
            <CardDescription>{t('org.delete.explain')}</CardDescription>
          </CardHeader>
          <DeleteOrganizationDialog organization={organization} />
        </Card>
      )}
    </div>
  );
}
