import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';

/**
 * Ends every session, this one included. The session then disappears and the route guard takes
 * the person to sign-in; nothing here navigates.
 */
export function SignOutEverywhereDialog() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const revokeAll = useMutation({
    mutationFn: () => authClient.revokeSessions(),
    onSuccess: () => {
      queryClient.clear();
      toast.success('You are signed out everywhere.');
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) revokeAll.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">Sign out everywhere</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign out everywhere?</DialogTitle>
          <DialogDescription>
            This ends every session, including this one. You will need to sign in again on each device.
          </DialogDescription>
        </DialogHeader>
        {revokeAll.isError && <Alert tone="error">{errorMessage(revokeAll.error)}</Alert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" pending={revokeAll.isPending} onClick={() => revokeAll.mutate()}>
            Sign out everywhere
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
