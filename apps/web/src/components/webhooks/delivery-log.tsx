import type { WebhookEndpoint } from '@gatehouse/client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { DeliveryItem } from './delivery-item.tsx';
import type { WebhookCalls } from './webhook-calls.ts';

/** The query key of one endpoint's log, under its owner's, so the owner's changes reread it too. */
export const deliveriesKey = (calls: WebhookCalls, endpointId: string) =>
  [...calls.queryKey, 'deliveries', endpointId] as const;

/** One endpoint's deliveries, newest first, a page at a time by `nextCursor` (docs/protocol/webhooks.md#46-get-webhookslist-deliveriesendpointidlimitcursor). */
export function DeliveryLog({
  endpoint,
  calls,
  canRedeliver,
}: {
  endpoint: WebhookEndpoint;
  calls: WebhookCalls;
  canRedeliver: boolean;
}) {
  const { t } = useTranslation();
  const queryKey = deliveriesKey(calls, endpoint.id);
  const log = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => calls.deliveries(endpoint.id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const deliveries = log.data?.pages.flatMap((page) => page.deliveries) ?? [];
  const title = t('webhook.deliveries', { url: endpoint.url });

  return (
    <div className="rounded-md border border-border p-3">
      {log.isPending ? (
        <Spinner label={t('webhook.deliveriesLoading')} />
      ) : log.isError && deliveries.length === 0 ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{t('webhook.deliveriesFailed', { reason: errorMessage(log.error, t) })}</span>
          <Button variant="secondary" pending={log.isFetching} onClick={() => void log.refetch()}>
            {t('webhook.retry')}
          </Button>
        </Alert>
      ) : deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('webhook.deliveriesNone')}</p>
      ) : (
        <>
          <ul className="divide-y divide-border" aria-label={title}>
            {deliveries.map((delivery) => (
              <DeliveryItem
                key={delivery.id}
                delivery={delivery}
                queryKey={queryKey}
                onRedeliver={canRedeliver ? calls.redeliver : undefined}
              />
            ))}
          </ul>
          {log.hasNextPage && (
            <Button
              variant="secondary"
              pending={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {t('webhook.loadMore')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
