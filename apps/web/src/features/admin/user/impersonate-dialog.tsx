import type { AdminUser } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
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
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { reloadAt } from '../shared/impersonation.ts';

/**
 * Signs in as the user, then loads /account afresh: the session changed hands, and every cache
 * (queries, the session store, the admin check) has to start again.
 */
export function ImpersonateDialog({ user, disabled }: { user: AdminUser; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const who = user.name || user.email;
  const impersonate = useMutation({
    mutationFn: () => authClient.adminImpersonateUser({ userId: user.id }),
    onSuccess: () => reloadAt(paths.account),
  });
  // Between the answer and the new page the button keeps spinning: there is nothing else to do.
  const busy = impersonate.isPending || impersonate.isSuccess;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) impersonate.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" disabled={disabled}>
          Impersonate…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign in as {who}?</DialogTitle>
          <DialogDescription>
            You see the app as they do and act as them, for up to an hour. A bar at the top of every page
            reminds you; use its “Stop impersonating” button to come back here as yourself.
          </DialogDescription>
        </DialogHeader>
        {impersonate.isError && <Alert tone="error">{adminErrorMessage(impersonate.error)}</Alert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button pending={busy} onClick={() => impersonate.mutate()}>
            Impersonate
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
