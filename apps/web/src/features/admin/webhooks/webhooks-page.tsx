import { useMemo } from 'react';
import { Card, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import type { WebhookCalls } from '../../../components/webhooks/webhook-calls.ts';
import { WebhooksList } from '../../../components/webhooks/webhooks-list.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { AdminNav } from '../layout/admin-nav.tsx';

/** The server-wide endpoints: calls that name no organization (docs/protocol/webhooks.md#3-who-may-do-what). */
const serverWide: WebhookCalls = {
  queryKey: adminKeys.webhooks,
  list: (signal) => authClient.webhookListEndpoints(undefined, { signal }),
  create: (fields) => authClient.webhookCreateEndpoint(fields),
  update: (change) => authClient.webhookUpdateEndpoint(change),
  remove: (endpointId) => authClient.webhookDeleteEndpoint({ endpointId }),
  rotate: (endpointId) => authClient.webhookRotateSecret({ endpointId }),
  deliveries: (endpointId, cursor, signal) =>
    authClient.webhookListDeliveries({ endpointId, ...(cursor ? { cursor } : {}) }, { signal }),
  redeliver: (deliveryId) => authClient.webhookRedeliver({ deliveryId }),
  sendTest: (endpointId) => authClient.webhookSendTest({ endpointId }),
};

/** `/admin/webhooks`: the server-wide endpoints, which admins alone manage, all of it. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const rights = useMemo(() => ({ canCreate: true, canUpdate: true, canDelete: true }), []);
  return (
    <div className="space-y-6">
      <title>{`${t('webhook.title')} · ${t('admin.area')} · Gatehouse`}</title>
      <div className="space-y-1">
        <p className="text-sm font-medium text-muted-foreground">{t('admin.area')}</p>
        <h1 className="text-2xl font-semibold">{t('webhook.title')}</h1>
      </div>
      <AdminNav />
      <Card aria-label={t('webhook.title')} className="p-4 sm:p-6">
        <CardHeader>
          <CardDescription>{t('webhook.adminExplain')}</CardDescription>
        </CardHeader>
        <WebhooksList calls={serverWide} rights={rights} />
      </Card>
    </div>
  );
}
