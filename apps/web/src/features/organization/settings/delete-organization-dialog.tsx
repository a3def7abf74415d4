import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/** Deleting removes members, invitations, teams and roles for good, so the slug is typed first. */
export function DeleteOrganizationDialog({
  organization,
}: {
  organization: { id: string; name: string; slug: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orgChanged = useOrgChanged();
  const remove = useMutation({
    mutationFn: () => authClient.organizationDelete({ organizationId: organization.id }),
    onSuccess: async () => {
      toast.success(t('org.delete.done', { name: organization.name }));
      await navigate(paths.account, { replace: true });
      await orgChanged({ session: true });
    },
  });
  return (
    <ConfirmDialog
      trigger={<Button variant="destructive">{t('org.delete.open')}</Button>}
      title={t('org.delete.confirmTitle', { name: organization.name })}
      description={t('org.delete.confirmExplain')}
      confirmLabel={t('org.delete.title')}
      action={remove}
      errorMessage={(error) => orgErrorMessage(error, t)}
      typedConfirmation={{ text: organization.slug }}
    />
  );
}
