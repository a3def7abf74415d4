import type { WebhookEndpoint } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { NewKeyShown } from '../api-keys/new-key-shown.tsx';
import { DialogForm, FormActions, FormDialog } from '../form-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { WEBHOOK_SECRET_WORDS } from './secret-words.ts';
import type { WebhookCalls } from './webhook-calls.ts';

/**
 * Rotates an endpoint's signing secret after saying that both secrets sign for 24 hours, then
 * shows the new one once (docs/protocol/webhooks.md#45-post-webhooksrotate-secret).
 */
export function RotateSecretDialog({ endpoint, calls }: { endpoint: WebhookEndpoint; calls: WebhookCalls }) {
  const { t } = useTranslation();
  const rotate = useMutation({ mutationFn: () => calls.rotate(endpoint.id), gcTime: 0 });
  const shown = rotate.data;

  return (
    <FormDialog
      trigger={
        <Button variant="secondary" aria-label={t('webhook.rotateLabel', { url: endpoint.url })}>
          {t('webhook.rotate')}
        </Button>
      }
      title={shown ? t('webhook.secretTitle') : t('webhook.rotateTitle')}
      description={shown ? t('webhook.secretExplain', { url: endpoint.url }) : t('webhook.rotateExplain')}
      locked={rotate.isPending}
      resets={[rotate]}
    >
      {shown ? (
        <NewKeyShown secret={shown.secret} words={WEBHOOK_SECRET_WORDS} />
      ) : (
        <DialogForm
          onSubmit={() => {
            if (!rotate.isPending) rotate.mutate();
          }}
        />
      )}
      <FormActions
        error={shown || !rotate.isError ? null : errorMessage(rotate.error, t)}
        cancelLabel={t('common.cancel')}
        submitLabel={t('webhook.rotateSubmit')}
        destructive
        pending={rotate.isPending}
        closeOnly={shown !== undefined}
      />
    </FormDialog>
  );
}
