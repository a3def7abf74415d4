import type { MemberWithUser } from '@gatehouse/client';
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

/** Removes a member after a confirmation; their team memberships here go with them. */
export function RemoveMemberDialog({
  member,
  organizationId,
  organizationName,
  disabled,
  reason,
}: {
  member: MemberWithUser;
  organizationId: string;
  organizationName: string;
  disabled?: boolean;
  reason?: string;
}) {
  const [open, setOpen] = useState(false);
  const orgChanged = useOrgChanged();
  const who = member.user.name || member.user.email;
  const remove = useMutation({
    mutationFn: () => authClient.organizationRemoveMember({ memberIdOrEmail: member.id, organizationId }),
    onSuccess: async () => {
      toast.success(`Removed ${who}.`);
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
        <Button variant="ghost" disabled={disabled} title={reason} aria-label={`Remove ${who}`}>
          Remove…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove {who}?</DialogTitle>
          <DialogDescription>
            They lose access to {organizationName} and its teams. You can invite them again later.
          </DialogDescription>
        </DialogHeader>
        {remove.isError && <Alert tone="error">{orgErrorMessage(remove.error)}</Alert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" pending={remove.isPending} onClick={() => remove.mutate()}>
            Remove member
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
