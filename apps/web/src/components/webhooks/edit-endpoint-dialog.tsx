import type { WebhookEndpoint } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '../../i18n/language.ts';
import { refusalWords } from '../../lib/error-messages.ts';
import { DialogForm, FormActions, FormDialog } from '../form-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { draftOf, EndpointFields, fieldsOf, generalRefusal } from './endpoint-fields.tsx';
import type { WebhookCalls, WebhookFields } from './webhook-calls.ts';

/**
 * Changes an endpoint's URL, events and description. Only what changed is sent, since the server
 * checks the changed fields (docs/protocol/webhooks.md#43-post-webhooksupdate-endpoint); a cleared
 * description is sent as null.
 */
export function EditEndpointDialog({ endpoint, calls }: { endpoint: WebhookEndpoint; calls: WebhookCalls }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(draftOf(endpoint));
  const save = useMutation({
    mutationFn: (fields: WebhookFields) =>
      calls.update({
        endpointId: endpoint.id,
        ...(fields.url === endpoint.url ? {} : { url: fields.url }),
        ...(fields.events.join('\n') === endpoint.events.join('\n') ? {} : { events: fields.events }),
        ...(fields.description === endpoint.description ? {} : { description: fields.description }),
      }),
    onSuccess: async () => {
      setOpen(false);
      toast.success(t('webhook.saved'));
      await queryClient.invalidateQueries({ queryKey: calls.queryKey });
    },
  });
  const ready = fieldsOf(draft);
  const unchanged =
    ready !== null &&
    ready.url === endpoint.url &&
    ready.events.join('\n') === endpoint.events.join('\n') &&
    ready.description === endpoint.description;
  const refusal = save.isError ? refusalWords(save.error, t) : null;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Opening starts from the endpoint as it is now.
        if (next) setDraft(draftOf(endpoint));
      }}
      trigger={
        <Button variant="secondary" aria-label={t('webhook.editLabel', { url: endpoint.url })}>
          {t('webhook.edit')}
        </Button>
      }
      title={t('webhook.editTitle')}
      description={t('webhook.editExplain')}
      resets={[save]}
      className="sm:max-w-xl"
    >
      <DialogForm
        onSubmit={() => {
          if (ready && !unchanged && !save.isPending) save.mutate(ready);
        }}
      >
        <EndpointFields draft={draft} onChange={setDraft} error={save.error} refusal={refusal} />
      </DialogForm>
      <FormActions
        error={generalRefusal(save.error, refusal)}
        cancelLabel={t('common.cancel')}
        submitLabel={t('webhook.editSubmit')}
        canSubmit={ready !== null && !unchanged}
        pending={save.isPending}
      />
    </FormDialog>
  );
}
