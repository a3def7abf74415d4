import type { ApiKey } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { DialogForm } from '../form-dialog.tsx';
import { Button } from '../ui/button.tsx';
import type { ApiKeyCalls } from './api-key-calls.ts';
import { keyName } from './api-key-row.tsx';
import { ShownOnceDialog } from './shown-once-dialog.tsx';

/**
 * Rotates the owner's key after a confirmation that the old secret stops at once, then shows the
 * new one as create shows a new key (packages/core/src/features/api-key/README.md, K13). The key
 * keeps its id, name, scopes and expiry, so the list read again differs only in how it starts.
 */
export function RotateApiKeyDialog({ apiKey, calls }: { apiKey: ApiKey; calls: ApiKeyCalls }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = keyName(apiKey, t);
  const rotate = useMutation({
    mutationFn: () => calls.rotate(apiKey.id),
    // The answer holds the new key: nothing keeps it once the dialog lets go of it.
    gcTime: 0,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calls.queryKey }),
  });

  return (
    <ShownOnceDialog
      trigger={
        <Button variant="secondary" aria-label={t('apiKey.rotateLabel', { name })}>
          {t('apiKey.rotate')}
        </Button>
      }
      title={t('apiKey.rotateTitle', { name })}
      description={t('apiKey.rotateExplain')}
      action={rotate}
      error={rotate.isError ? errorMessage(rotate.error, t) : null}
      submitLabel={t('apiKey.rotateSubmit')}
      destructive
    >
      <DialogForm
        onSubmit={() => {
          if (!rotate.isPending) rotate.mutate();
        }}
      />
    </ShownOnceDialog>
  );
}
