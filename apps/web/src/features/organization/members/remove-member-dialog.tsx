import type { MemberWithUser } from '@gatehouse/client';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
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
  const { t } = useTranslation();
  const who = member.user.name || member.user.email;
  const { open, setOpen, mutation } = useOrgDialogMutation({
    mutationFn: () => authClient.organizationRemoveMember({ memberIdOrEmail: member.id, organizationId }),
    successMessage: () => t('org.members.removed', { name: who }),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          disabled={disabled}
          title={reason}
          aria-label={t('org.members.removeLabel', { name: who })}
        >
          {t('org.members.remove')}
        </Button>
      }
      title={t('org.members.removeTitle', { name: who })}
      description={t('org.members.removeExplain', { organization: organizationName })}
      confirmLabel={t('org.members.removeConfirm')}
      action={mutation}
      errorMessage={(error) => orgErrorMessage(error, t)}
    />
  );
}
