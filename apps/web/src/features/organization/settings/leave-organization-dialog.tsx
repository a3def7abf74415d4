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

/** Leaves the organization; the last owner is refused by the server and told why. */
export function LeaveOrganizationDialog({ organization }: { organization: { id: string; name: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orgChanged = useOrgChanged();
  const leave = useMutation({
    mutationFn: () => authClient.organizationLeave({ organizationId: organization.id }),
    onSuccess: async () => {
      toast.success(t('org.leave.done', { name: organization.name }));
      await navigate(paths.account, { replace: true });
      await orgChanged({ session: true });
    },
  });
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">{t('org.leave.open')}</Button>}
      title={t('org.leave.confirmTitle', { name: organization.name })}
      description={t('org.leave.confirmExplain')}
      confirmLabel={t('org.leave.confirm')}
      cancelLabel={t('org.leave.stay')}
      action={leave}
      errorMessage={(error) => orgErrorMessage(error, t)}
    />
  );
}
