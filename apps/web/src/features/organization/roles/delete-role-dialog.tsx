import type { OrganizationRole } from '@gatehouse/client';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgDialogMutation } from '../api/use-org-dialog-mutation.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/** Deletes a custom role; the server refuses while members still hold it. */
export function DeleteRoleDialog({ role }: { role: OrganizationRole }) {
  const { open, setOpen, mutation } = useOrgDialogMutation({
    mutationFn: () =>
      authClient.organizationDeleteRole({ roleId: role.id, organizationId: role.organizationId }),
    successMessage: () => `Deleted the role ${role.role}.`,
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" aria-label={`Delete ${role.role}`}>
          Delete…
        </Button>
      }
      title={`Delete the role ${role.role}?`}
      description="Only a role nobody holds can be deleted."
      confirmLabel="Delete role"
      action={mutation}
      errorMessage={orgErrorMessage}
    />
  );
}
