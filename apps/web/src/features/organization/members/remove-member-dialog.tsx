import type { MemberWithUser } from '@gatehouse/client';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgDialogMutation } from '../api/use-org-dialog-mutation.ts';
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
  const who = member.user.name || member.user.email;
  const { open, setOpen, mutation } = useOrgDialogMutation({
    mutationFn: () => authClient.organizationRemoveMember({ memberIdOrEmail: member.id, organizationId }),
    successMessage: () => `Removed ${who}.`,
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
      action={mutation}
      errorMessage={orgErrorMessage}
    />
  );
}
