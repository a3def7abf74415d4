import { EventsTable } from '../../../components/audit/events-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgContext } from '../layout/org-context.ts';

/**
 * The organization's events for members whose role grants auditLog:read (owner and admin by
 * default). The tab is hidden from others; the server refuses them anyway.
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const { organization, permissions } = useOrgContext();
  const fixed = { organizationId: organization.id };

  return (
    <Card aria-labelledby="org-activity-title" className="p-4 sm:p-6">
      <title>{`${t('audit.orgTitle')} · ${organization.name} · Gatehouse`}</title>
      <CardHeader>
        <CardTitle id="org-activity-title">{t('audit.orgTitle')}</CardTitle>
      </CardHeader>
      {!permissions.isPending && !permissions.can('auditLog', 'read') ? (
        <Alert tone="info">{t('audit.noAccess')}</Alert>
      ) : (
        <EventsTable
          key={organization.id}
          source="organization"
          route="/organization/events"
          fixed={fixed}
          load={(filters, signal) => authClient.organizationEvents(filters, { signal })}
        />
      )}
    </Card>
  );
}
