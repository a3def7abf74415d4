import type { Team } from '@gatehouse/client';
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

/** Deletes a team after a confirmation; its members stay in the organization. */
export function DeleteTeamDialog({ team, organizationId }: { team: Team; organizationId: string }) {
  const [open, setOpen] = useState(false);
  const orgChanged = useOrgChanged();
  const remove = useMutation({
    mutationFn: () => authClient.organizationRemoveTeam({ teamId: team.id, organizationId }),
    onSuccess: async () => {
      toast.success(`Deleted the team ${team.name}.`);
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
        <Button variant="ghost" aria-label={`Delete ${team.name}`}>
          Delete…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the team {team.name}?</DialogTitle>
          <DialogDescription>
            Its members stay in the organization; pending invitations to it become invitations to the
            organization only.
          </DialogDescription>
        </DialogHeader>
        {remove.isError && <Alert tone="error">{orgErrorMessage(remove.error)}</Alert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" pending={remove.isPending} onClick={() => remove.mutate()}>
            Delete team
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
