import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
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
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/** Leaves the organization; the last owner is refused by the server and told why. */
export function LeaveOrganizationDialog({ organization }: { organization: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const orgChanged = useOrgChanged();
  const leave = useMutation({
    mutationFn: () => authClient.organizationLeave({ organizationId: organization.id }),
    onSuccess: async () => {
      toast.success(`You left ${organization.name}.`);
      await navigate(paths.account, { replace: true });
      await orgChanged({ session: true });
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) leave.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">Leave organization…</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave {organization.name}?</DialogTitle>
          <DialogDescription>
            You lose access to it and its teams until someone invites you again.
          </DialogDescription>
        </DialogHeader>
        {leave.isError && <Alert tone="error">{orgErrorMessage(leave.error)}</Alert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Stay</Button>
          </DialogClose>
          <Button variant="destructive" pending={leave.isPending} onClick={() => leave.mutate()}>
            Leave organization
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
