import type { OrganizationRole } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
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
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/** Deletes a custom role; the server refuses while members still hold it. */
export function DeleteRoleDialog({ role }: { role: OrganizationRole }) {
  const [open, setOpen] = useState(false);
  const orgChanged = useOrgChanged();
  const remove = useMutation({
    mutationFn: () =>
      authClient.organizationDeleteRole({ roleId: role.id, organizationId: role.organizationId }),
    onSuccess: async () => {
      toast.success(`Deleted the role ${role.role}.`);
      setOpen(false);
      await orgChanged();
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" aria-label={`Delete ${role.role}`}>
          Delete…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the role {role.role}?</DialogTitle>
          <DialogDescription>Only a role nobody holds can be deleted.</DialogDescription>
        </DialogHeader>
        {remove.isError && <Alert tone="error">{orgErrorMessage(remove.error)}</Alert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" pending={remove.isPending} onClick={() => remove.mutate()}>
            Delete role
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
