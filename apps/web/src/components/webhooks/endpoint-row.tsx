import type { WebhookEndpoint } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { DeleteEndpointDialog } from './delete-endpoint-dialog.tsx';
import { DeliveryLog, deliveriesKey } from './delivery-log.tsx';
import { EditEndpointDialog } from './edit-endpoint-dialog.tsx';
import { eventsSummary } from './event-choices.ts';
import { RotateSecretDialog } from './rotate-secret-dialog.tsx';
import type { WebhookCalls, WebhookRights } from './webhook-calls.ts';

/**
 * One endpoint: its URL, whether it is on and failing, its events and description; the actions the
 * caller's rights allow; and its delivery log, unfolded on demand.
 */
export function EndpointRow({
  endpoint,
  calls,
  rights,
}: {
  endpoint: WebhookEndpoint;
  calls: WebhookCalls;
  rights: WebhookRights;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const { url } = endpoint;
  const toggle = useMutation({
    mutationFn: () => calls.update({ endpointId: endpoint.id, enabled: !endpoint.enabled }),
    onSuccess: async ({ endpoint: changed }) => {
      toast.success(t(changed.enabled ? 'webhook.enabled' : 'webhook.disabledDone'));
      await queryClient.invalidateQueries({ queryKey: calls.queryKey });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const sendTest = useMutation({
    mutationFn: () => calls.sendTest(endpoint.id),
    onSuccess: async () => {
      toast.success(t('webhook.testSent'));
      setShowLog(true);
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(calls, endpoint.id) });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  return (
    <li className="space-y-3 py-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-medium break-all">{url}</span>
            {!endpoint.enabled && <Badge>{t('webhook.disabled')}</Badge>}
            {endpoint.failing && (
              <Badge tone="warning" title={t('webhook.failingHint')}>
                {t('webhook.failing')}
              </Badge>
            )}
          </div>
          {endpoint.description && <p className="text-sm break-words">{endpoint.description}</p>}
          <p className="text-xs text-muted-foreground break-words">
            {t('webhook.events', { events: eventsSummary(endpoint.events, t) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-expanded={showLog}
            aria-label={showLog ? undefined : t('webhook.showDeliveriesLabel', { url })}
            onClick={() => setShowLog((shown) => !shown)}
          >
            {showLog ? t('webhook.hideDeliveries') : t('webhook.showDeliveries')}
          </Button>
          {rights.canUpdate && (
            <>
              <EditEndpointDialog endpoint={endpoint} calls={calls} />
              <Button
                variant="secondary"
                pending={toggle.isPending}
                aria-label={t(endpoint.enabled ? 'webhook.disableLabel' : 'webhook.enableLabel', { url })}
                onClick={() => toggle.mutate()}
              >
                {t(endpoint.enabled ? 'webhook.disable' : 'webhook.enable')}
              </Button>
              <Button
                variant="secondary"
                pending={sendTest.isPending}
                aria-label={t('webhook.sendTestLabel', { url })}
                onClick={() => sendTest.mutate()}
              >
                {t('webhook.sendTest')}
              </Button>
              <RotateSecretDialog endpoint={endpoint} calls={calls} />
            </>
          )}
          {rights.canDelete && <DeleteEndpointDialog endpoint={endpoint} calls={calls} />}
        </div>
      </div>
      {showLog && <DeliveryLog endpoint={endpoint} calls={calls} canRedeliver={rights.canUpdate} />}
    </li>
  );
}
