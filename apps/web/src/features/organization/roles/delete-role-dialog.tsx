import type { OrganizationRole } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
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
      action={remove}
      errorMessage={orgErrorMessage}
    />
  );
}
