import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';

interface RemoveAccountDialogProps {
  name: string;
  isCredential: boolean;
  isRemoving: boolean;
  onConfirm: () => void;
}

/** Asks before removing a way to sign in: it can't be undone from here without the provider. */
export function RemoveAccountDialog({ name, isCredential, isRemoving, onConfirm }: RemoveAccountDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" aria-label={`Remove ${name}`} pending={isRemoving}>
          Remove
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`Remove ${name}?`}</DialogTitle>
          <DialogDescription>
            {isCredential
              ? 'You will no longer be able to sign in with your email and password.'
              : `You will no longer be able to sign in with ${name}. You can connect it again later.`}
          </DialogDescription>
        </DialogHeader>
        <DialogActions>
          <Button
            variant="destructive"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            Remove
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
