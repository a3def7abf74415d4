import type { Team } from '@gatehouse/client';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgDialogMutation } from '../api/use-org-dialog-mutation.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/** Deletes a team after a confirmation; its members stay in the organization. */
export function DeleteTeamDialog({ team, organizationId }: { team: Team; organizationId: string }) {
  const { t } = useTranslation();
  const { open, setOpen, mutation } = useOrgDialogMutation({
    mutationFn: () => authClient.organizationRemoveTeam({ teamId: team.id, organizationId }),
    successMessage: () => t('team.deleted', { name: team.name }),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" aria-label={t('team.deleteLabel', { name: team.name })}>
          {t('team.delete')}
        </Button>
      }
      title={t('team.deleteTitle', { name: team.name })}
      description={t('team.deleteExplain')}
      confirmLabel={t('team.deleteConfirm')}
      action={mutation}
      errorMessage={(error) => orgErrorMessage(error, t)}
    />
  );
}
