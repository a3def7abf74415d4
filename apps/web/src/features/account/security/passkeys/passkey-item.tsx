import type { Passkey } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { PasskeySummary } from '../../../../components/passkey-summary.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { useTranslation } from '../../../../i18n/language.ts';
import { authClient } from '../../../../lib/auth-client.ts';
import { passkeyErrorMessage } from '../../../../lib/passkeys.ts';
import { PasskeyNameDialog } from './passkey-name-dialog.tsx';

/** One of the person's passkeys, with rename and delete. */
export function PasskeyItem({ passkey, onChanged }: { passkey: Passkey; onChanged: () => void }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const name = passkey.name || t('passkey.unnamed');
  const remove = useMutation({
    mutationFn: () => authClient.passkeyDeletePasskey({ id: passkey.id }),
    onSuccess: () => {
      setDeleting(false);
      toast.success(t('passkey.deleted'));
      onChanged();
    },
  });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <PasskeySummary passkey={passkey} />
      <div className="flex gap-2">
        <PasskeyNameDialog
          trigger={
            <Button variant="secondary" aria-label={`${t('passkey.rename')}: ${name}`}>
              {t('passkey.rename')}
            </Button>
          }
          title={t('passkey.renameTitle')}
          description={t('passkey.renameExplain')}
          submitLabel={t('passkey.save')}
          initialName={() => passkey.name ?? ''}
          run={(next) => authClient.passkeyUpdatePasskey({ id: passkey.id, name: next })}
          onDone={() => {
            toast.success(t('passkey.renamed'));
            onChanged();
          }}
        />
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          trigger={
            <Button variant="destructive" aria-label={`${t('passkey.delete')}: ${name}`}>
              {t('passkey.delete')}
            </Button>
          }
          title={t('passkey.deleteTitle', { name })}
          description={t('passkey.deleteExplain')}
          confirmLabel={t('passkey.delete')}
          cancelLabel={t('common.cancel')}
          action={remove}
          errorMessage={(error) => passkeyErrorMessage(error, t)}
        />
      </div>
    </li>
  );
}
