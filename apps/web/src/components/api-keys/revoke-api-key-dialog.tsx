import type { ApiKey } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { Button } from '../ui/button.tsx';
import type { ApiKeyCalls } from './api-key-calls.ts';
import { keyName } from './api-key-row.tsx';

/** Revokes the owner's key after a confirmation, then reads the list again. */
export function RevokeApiKeyDialog({ apiKey, calls }: { apiKey: ApiKey; calls: ApiKeyCalls }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const name = keyName(apiKey, t);
  const revoke = useMutation({
    mutationFn: () => calls.revoke(apiKey.id),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(t('apiKey.revoked', { name }));
      await queryClient.invalidateQueries({ queryKey: calls.queryKey });
    },
  });

  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <Button variant="destructive" aria-label={t('apiKey.revokeLabel', { name })}>
          {t('apiKey.revoke')}
        </Button>
      }
      title={t('apiKey.revokeTitle', { name })}
      description={t('apiKey.revokeExplain')}
      confirmLabel={t('apiKey.revoke')}
      cancelLabel={t('common.cancel')}
      action={revoke}
      errorMessage={(error) => errorMessage(error, t)}
    />
  );
}
