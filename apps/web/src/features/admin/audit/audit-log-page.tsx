import { EventsTable } from '../../../components/audit/events-table.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { AdminNav } from '../layout/admin-nav.tsx';

/** `/admin/audit`: every event on the server, filtered, paged and exported. */
export function AuditLogPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <title>{`${t('audit.adminTitle')} · ${t('admin.area')} · Gatehouse`}</title>
      <div className="space-y-1">
        <p className="text-sm font-medium text-muted-foreground">{t('admin.area')}</p>
        <h1 className="text-2xl font-semibold">{t('audit.adminTitle')}</h1>
      </div>
      <AdminNav />
      <Card aria-label={t('audit.adminTitle')} className="p-4 sm:p-6">
        <EventsTable
          source="admin"
          route="/admin/events"
          load={(filters, signal) => authClient.adminEvents(filters, { signal })}
        />
      </Card>
    </div>
  );
}
