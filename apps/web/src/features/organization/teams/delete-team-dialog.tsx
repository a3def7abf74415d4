import type { Team } from '@gatehouse/client';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgDialogMutation } from '../api/use-org-dialog-mutation.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/** Deletes a team after a confirmation; its members stay in the organization. */
export function DeleteTeamDialog({ team, organizationId }: { team: Team; organizationId: string }) {
  const { open, setOpen, mutation } = useOrgDialogMutation({
    mutationFn: () => authClient.organizationRemoveTeam({ teamId: team.id, organizationId }),
    successMessage: () => `Deleted the team ${team.name}.`,
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" aria-label={`Delete ${team.name}`}>
          Delete…
        </Button>
      }
      title={`Delete the team ${team.name}?`}
      description="Its members stay in the organization; pending invitations to it become invitations to the organization only."
      confirmLabel="Delete team"
      action={mutation}
      errorMessage={orgErrorMessage}
    />
  );
}
