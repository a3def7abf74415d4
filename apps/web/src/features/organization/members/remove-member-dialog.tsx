import type { MemberWithUser } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" disabled={disabled} title={reason} aria-label={`Remove ${who}`}>
          Remove…
        </Button>
      }
      title={`Remove ${who}?`}
      description={`They lose access to ${organizationName} and its teams. You can invite them again later.`}
      confirmLabel="Remove member"
      action={remove}
      errorMessage={orgErrorMessage}
    />
  );
}
