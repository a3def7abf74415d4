import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';

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
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      trigger={
        <Button variant="secondary" aria-label={`Remove ${name}`} pending={isRemoving}>
          Remove
        </Button>
      }
      title={`Remove ${name}?`}
      description={
        isCredential
          ? 'You will no longer be able to sign in with your email and password.'
          : `You will no longer be able to sign in with ${name}. You can connect it again later.`
      }
      open={open}
      onOpenChange={setOpen}
      onSubmit={() => {
        setOpen(false);
        onConfirm();
      }}
      submitLabel="Remove"
      destructive
    />
  );
}
