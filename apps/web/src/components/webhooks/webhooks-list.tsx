import { GatehouseError } from '@gatehouse/client';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { CreateEndpointDialog } from './create-endpoint-dialog.tsx';
import { EndpointRow } from './endpoint-row.tsx';
import type { WebhookCalls, WebhookRights } from './webhook-calls.ts';

/**
 * One owner's endpoints, newest first, with how many there are and the add button. Admin →
 * Webhooks and an organization's Webhooks tab differ only in their calls and the caller's rights.
 * With WEBHOOKS off every route answers 404 NOT_FOUND (docs/protocol/webhooks.md#1-settings): said
 * as the server not offering webhooks.
 */
export function WebhooksList({ calls, rights }: { calls: WebhookCalls; rights: WebhookRights }) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: calls.queryKey, queryFn: ({ signal }) => calls.list(signal) });

  if (list.isPending) return <Spinner label={t('webhook.loading')} />;
  if (list.error instanceof GatehouseError && list.error.code === 'NOT_FOUND')
    return <Alert tone="info">{t('webhook.off')}</Alert>;
  if (list.isError)
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{t('webhook.loadFailed', { reason: errorMessage(list.error, t) })}</span>
        <Button variant="secondary" pending={list.isFetching} onClick={() => void list.refetch()}>
          {t('webhook.retry')}
        </Button>
      </Alert>
    );
  const { endpoints } = list.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {endpoints.length > 0 ? t('webhook.count', { count: endpoints.length }) : null}
        </p>
        {rights.canCreate && <CreateEndpointDialog calls={calls} />}
      </div>
      {endpoints.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('webhook.none')}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('webhook.list')}>
          {endpoints.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} calls={calls} rights={rights} />
          ))}
        </ul>
      )}
    </div>
  );
}
