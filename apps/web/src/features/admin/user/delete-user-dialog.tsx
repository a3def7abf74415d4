import type { AdminUser } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';

/** Deleting cannot be undone, so the email has to be typed first; then back to the list. */
export function DeleteUserDialog({
  user,
  disabled,
  backTo,
}: {
  user: AdminUser;
  disabled?: boolean;
  /** The list to return to. */
  backTo: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => authClient.adminRemoveUser({ userId: user.id }),
    onSuccess: () => {
      toast.success(t('admin.delete.done', { email: user.email }));
      void queryClient.invalidateQueries({ queryKey: adminKeys.userLists });
      // Forgotten once this page is gone; removed earlier, the page would fetch the user again.
      void Promise.resolve(navigate(backTo || paths.adminUsers, { replace: true })).then(() =>
        queryClient.removeQueries({ queryKey: adminKeys.user(user.id) }),
      );
    },
  });

  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive" disabled={disabled}>
          {t('admin.delete.open')}
        </Button>
      }
      title={t('admin.delete.confirmTitle', { name: user.name || user.email })}
      description={t('admin.delete.confirmExplain')}
      confirmLabel={t('admin.delete.title')}
      action={remove}
      errorMessage={(error) => adminErrorMessage(error, t)}
      // People type an address in whatever case; the case of an email carries no meaning.
      typedConfirmation={{ text: user.email, ignoreCase: true }}
    />
  );
}
