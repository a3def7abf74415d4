import { useState } from 'react';
import { DialogForm, FormActions, FormDialog } from '../../../components/form-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';

interface RemoveAccountDialogProps {
  name: string;
  isCredential: boolean;
  isRemoving: boolean;
  onConfirm: () => void;
}

/**
 * Asks before removing a way to sign in: it can't be undone from here without the provider. The
 * dialog closes at once; the list shows the removal pending and its outcome.
 */
export function RemoveAccountDialog({ name, isCredential, isRemoving, onConfirm }: RemoveAccountDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      trigger={
        <Button
          variant="secondary"
          aria-label={t('social.connections.removeLabel', { name })}
          pending={isRemoving}
        >
          {t('social.connections.remove')}
        </Button>
      }
      title={t('social.connections.removeTitle', { name })}
      description={
        isCredential
          ? t('social.connections.removeCredential')
          : t('social.connections.removeProvider', { name })
      }
      open={open}
      onOpenChange={setOpen}
    >
      <DialogForm
        onSubmit={() => {
          setOpen(false);
          onConfirm();
        }}
      />
      <FormActions submitLabel={t('social.connections.remove')} destructive />
    </FormDialog>
  );
}
