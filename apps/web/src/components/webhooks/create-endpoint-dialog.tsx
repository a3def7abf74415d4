import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/language.ts';
import { refusalWords } from '../../lib/error-messages.ts';
import { NewKeyShown } from '../api-keys/new-key-shown.tsx';
import { DialogForm, FormActions, FormDialog } from '../form-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { draftOf, EndpointFields, fieldsOf, generalRefusal } from './endpoint-fields.tsx';
import { WEBHOOK_SECRET_WORDS } from './secret-words.ts';
import type { WebhookCalls, WebhookFields } from './webhook-calls.ts';

/**
 * Adds an endpoint, then shows its signing secret once in the same dialog. Closing forgets it: the
 * mutation is reset and kept by no cache, and the list read again never holds a secret
 * (docs/protocol/webhooks.md#41-post-webhookscreate-endpoint).
 */
export function CreateEndpointDialog({ calls }: { calls: WebhookCalls }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(draftOf());
  const create = useMutation({
    mutationFn: (fields: WebhookFields) => calls.create(fields),
    gcTime: 0,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calls.queryKey }),
  });
  const ready = fieldsOf(draft);
  const refusal = create.isError ? refusalWords(create.error, t) : null;
  const shown = create.data;

  return (
    <FormDialog
      trigger={<Button>{t('webhook.create')}</Button>}
      title={shown ? t('webhook.secretTitle') : t('webhook.createTitle')}
      description={
        shown ? t('webhook.secretExplain', { url: shown.endpoint.url }) : t('webhook.createExplain')
      }
      locked={create.isPending}
      resets={[{ reset: () => setDraft(draftOf()) }, create]}
      className="sm:max-w-xl"
    >
      {shown ? (
        <NewKeyShown secret={shown.secret} words={WEBHOOK_SECRET_WORDS} />
      ) : (
        <DialogForm
          onSubmit={() => {
            if (ready && !create.isPending) create.mutate(ready);
          }}
        >
          <EndpointFields draft={draft} onChange={setDraft} error={create.error} refusal={refusal} />
        </DialogForm>
      )}
      <FormActions
        error={shown ? null : generalRefusal(create.error, refusal)}
        cancelLabel={t('common.cancel')}
        submitLabel={t('webhook.createSubmit')}
        canSubmit={ready !== null}
        pending={create.isPending}
        closeOnly={shown !== undefined}
      />
    </FormDialog>
  );
}
