import { useMemo } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { WebhookCalls } from '../../../components/webhooks/webhook-calls.ts';
import { WebhooksList } from '../../../components/webhooks/webhooks-list.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { orgKeys } from '../api/org-keys.ts';
import { useOrgContext } from '../layout/org-context.ts';

/** An organization's endpoints: create and list name it, the rest name the endpoint or delivery. */
const organizationWebhooks = (organizationId: string): WebhookCalls => ({
  queryKey: orgKeys.webhooks(organizationId),
  list: (signal) => authClient.organizationWebhookListEndpoints({ organizationId }, { signal }),
  create: (fields) => authClient.organizationWebhookCreateEndpoint({ ...fields, organizationId }),
  update: (change) => authClient.organizationWebhookUpdateEndpoint(change),
  remove: (endpointId) => authClient.organizationWebhookDeleteEndpoint({ endpointId }),
  rotate: (endpointId) => authClient.organizationWebhookRotateSecret({ endpointId }),
  deliveries: (endpointId, cursor, signal) =>
    authClient.organizationWebhookListDeliveries({ endpointId, ...(cursor ? { cursor } : {}) }, { signal }),
  redeliver: (deliveryId) => authClient.organizationWebhookRedeliver({ deliveryId }),
  sendTest: (endpointId) => authClient.organizationWebhookSendTest({ endpointId }),
});

/**
 * The organization's webhook endpoints for members whose role grants webhook:read (owner and admin
 * by default); add for webhook:create; edit, on/off, rotate, test and redeliver for webhook:update;
 * delete for webhook:delete. The tab is hidden from others, and the server refuses them anyway
 * (docs/protocol/webhooks.md#3-who-may-do-what).
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { organization, permissions } = useOrgContext();
  const calls = useMemo(() => organizationWebhooks(organization.id), [organization.id]);
  const rights = {
    canCreate: permissions.can('webhook', 'create'),
    canUpdate: permissions.can('webhook', 'update'),
    canDelete: permissions.can('webhook', 'delete'),
  };

  return (
    <Card aria-labelledby="org-webhooks-title" className="p-4 sm:p-6">
      <title>{`${t('webhook.title')} · ${organization.name} · Gatehouse`}</title>
      <CardHeader>
        <CardTitle id="org-webhooks-title">{t('webhook.title')}</CardTitle>
        <CardDescription>{t('webhook.orgExplain', { name: organization.name })}</CardDescription>
      </CardHeader>
      {permissions.isPending ? (
        <Spinner />
      ) : !permissions.can('webhook', 'read') ? (
        <Alert tone="info">{t('webhook.noAccess')}</Alert>
      ) : (
        <WebhooksList key={organization.id} calls={calls} rights={rights} />
      )}
    </Card>
  );
}
