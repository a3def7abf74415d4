import type { WebhookEndpoint } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { Button } from '../ui/button.tsx';
import type { WebhookCalls } from './webhook-calls.ts';

/** Deletes an endpoint, its pending retries and its log after a confirmation (docs/protocol/webhooks.md#44-post-webhooksdelete-endpoint). */
export function DeleteEndpointDialog({
  endpoint,
  calls,
}: {
  endpoint: WebhookEndpoint;
  calls: WebhookCalls;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => calls.remove(endpoint.id),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(t('webhook.deleted'));
      await queryClient.invalidateQueries({ queryKey: calls.queryKey });
    },
  });

  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <Button variant="destructive" aria-label={t('webhook.deleteLabel', { url: endpoint.url })}>
          {t('webhook.delete')}
        </Button>
      }
      title={t('webhook.deleteTitle')}
      description={t('webhook.deleteExplain', { url: endpoint.url })}
      confirmLabel={t('webhook.delete')}
      cancelLabel={t('common.cancel')}
      action={remove}
      errorMessage={(error) => errorMessage(error, t)}
    />
  );
}
