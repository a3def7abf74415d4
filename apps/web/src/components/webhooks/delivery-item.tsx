import type { WebhookAttempt, WebhookDelivery } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { MessageKey } from '../../i18n/en.ts';
import { type Translate, useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { formatDateTime } from '../../lib/format-time.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { eventLabel } from './event-choices.ts';

const STATUS: Record<
  WebhookDelivery['status'],
  { words: MessageKey; tone: 'neutral' | 'success' | 'warning' }
> = {
  pending: { words: 'webhook.status.pending', tone: 'neutral' },
  succeeded: { words: 'webhook.status.succeeded', tone: 'success' },
  failed: { words: 'webhook.status.failed', tone: 'warning' },
};

/** The last answer in words: its HTTP status, or why none came. */
function answerWords(
  attempt: Pick<WebhookAttempt, 'responseStatus'> & { error?: WebhookAttempt['error'] },
  t: Translate,
) {
  if (attempt.error) return t(`webhook.attemptError.${attempt.error}`);
  return attempt.responseStatus === null
    ? t('webhook.noResponse')
    : t('webhook.responseStatus', { status: attempt.responseStatus });
}

/**
 * One delivery of the log: its event type, status, how many attempts, the last answer and how
 * long it took, when the next attempt is due, and its attempts to unfold; with Redeliver for those
 * who may (docs/protocol/webhooks.md#46-get-webhookslist-deliveriesendpointidlimitcursor).
 */
export function DeliveryItem({
  delivery,
  onRedeliver,
  queryKey,
}: {
  delivery: WebhookDelivery;
  /** Absent: the caller may not redeliver. */
  onRedeliver?: (deliveryId: string) => Promise<unknown>;
  queryKey: readonly unknown[];
}) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const redeliver = useMutation({
    mutationFn: () => (onRedeliver ? onRedeliver(delivery.id) : Promise.resolve()),
    onSuccess: async () => {
      toast.success(t('webhook.redelivered'));
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const status = STATUS[delivery.status];
  const last = delivery.attempts.at(-1);
  const type = eventLabel(delivery.eventType, t);

  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{type}</span>
            <code className="font-mono text-xs text-muted-foreground break-all">{delivery.eventType}</code>
            <Badge tone={status.tone}>{t(status.words)}</Badge>
            {delivery.redeliveryOf && <Badge>{t('webhook.redelivery')}</Badge>}
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span>
              {t('webhook.createdAt', { date: formatDateTime(new Date(delivery.createdAt), language) })}
            </span>
            <span>{t('webhook.attemptCount', { count: delivery.attempt })}</span>
            {delivery.attempt > 0 && (
              <span>
                {answerWords({ responseStatus: delivery.responseStatus, error: last?.error ?? null }, t)}
              </span>
            )}
            {delivery.durationMs !== null && (
              <span>{t('webhook.duration', { ms: delivery.durationMs })}</span>
            )}
            {delivery.nextAttemptAt && (
              <span>
                {t('webhook.nextAttempt', {
                  date: formatDateTime(new Date(delivery.nextAttemptAt), language),
                })}
              </span>
            )}
          </p>
        </div>
        {onRedeliver && (
          <Button
            variant="secondary"
            pending={redeliver.isPending}
            aria-label={t('webhook.redeliverLabel', { type })}
            onClick={() => redeliver.mutate()}
          >
            {t('webhook.redeliver')}
          </Button>
        )}
      </div>
      {delivery.attempts.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground">{t('webhook.attempts')}</summary>
          <ol className="mt-1 space-y-1 ps-4">
            {delivery.attempts.map((attempt) => (
              <li key={attempt.attempt} className="flex flex-wrap gap-x-3">
                <span className="font-medium">{t('webhook.attemptNumber', { number: attempt.attempt })}</span>
                <span>{formatDateTime(new Date(attempt.startedAt), language)}</span>
                <span>{answerWords(attempt, t)}</span>
                {attempt.durationMs !== null && (
                  <span>{t('webhook.duration', { ms: attempt.durationMs })}</span>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}
