import type { OrganizationRole } from '@gatehouse/client';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgDialogMutation } from '../api/use-org-dialog-mutation.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/** Deletes a custom role; the server refuses while members still hold it. */
export function DeleteRoleDialog({ role }: { role: OrganizationRole }) {
  const { t } = useTranslation();
  const { open, setOpen, mutation } = useOrgDialogMutation({
    mutationFn: () =>
      authClient.organizationDeleteRole({ roleId: role.id, organizationId: role.organizationId }),
    successMessage: () => t('orgRole.deleted', { name: role.role }),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" aria-label={t('orgRole.deleteLabel', { name: role.role })}>
          {t('orgRole.delete')}
        </Button>
      }
      title={t('orgRole.deleteTitle', { name: role.role })}
      description={t('orgRole.deleteExplain')}
      confirmLabel={t('orgRole.deleteConfirm')}
      action={mutation}
      errorMessage={(error) => orgErrorMessage(error, t)}
    />
  );
}
