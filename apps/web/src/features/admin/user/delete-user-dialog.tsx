import type { AdminUser } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
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
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';

/** Deleting cannot be undone, so the email has to be typed first; then back to the list. */
export function DeleteUserDialog({
  user,
  disabled,
  backTo,
}: {
  user: AdminUser;
  disabled?: boolean;
  /** The list to return to. */
  backTo: string;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  const remove = useMutation({
    mutationFn: () => authClient.adminRemoveUser({ userId: user.id }),
    onSuccess: () => {
      toast.success(`Deleted ${user.email}.`);
      void queryClient.invalidateQueries({ queryKey: adminKeys.userLists });
      // Forgotten once this page is gone; removed earlier, the page would fetch the user again.
      void Promise.resolve(navigate(backTo || paths.adminUsers, { replace: true })).then(() =>
        queryClient.removeQueries({ queryKey: adminKeys.user(user.id) }),
      );
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setTyped('');
          remove.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" disabled={disabled}>
          Delete user…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {user.name || user.email}?</DialogTitle>
          <DialogDescription>
            Their account, password, sessions and memberships are removed for good. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form
          id="delete-user-form"
          noValidate
          className="space-y-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) remove.mutate();
          }}
        >
          <label htmlFor={inputId} className="block text-sm font-medium">
            Type <span className="font-mono wrap-anywhere select-all">{user.email}</span> to confirm
          </label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
          />
        </form>
        {remove.isError && (
          <Alert tone="error" className="mt-4">
            {adminErrorMessage(remove.error)}
          </Alert>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            type="submit"
            form="delete-user-form"
            variant="destructive"
            disabled={!matches}
            pending={remove.isPending}
          >
            Delete user
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
