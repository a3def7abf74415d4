import type { AdminUser } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';

/** Ends every session of the user; when one of them is the admin's own, the admin is signed out too. */
export function RevokeUserSessionsDialog({
  user,
  includesCurrent,
}: {
  user: AdminUser;
  includesCurrent: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = useSession();
  const who = user.name || user.email;
  const revokeAll = useMutation({
    mutationFn: () => authClient.adminRevokeUserSessions({ userId: user.id }),
    onSuccess: () => {
      setOpen(false);
      toast.success(t('admin.sessions.revokedAll', { name: who }));
      if (includesCurrent) void refetchSession(true);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.userSessions(user.id) }),
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive" className="self-start">
          {t('admin.sessions.revokeAll')}
        </Button>
      }
      title={t('admin.sessions.revokeAllTitle', { name: who })}
      description={
        includesCurrent
          ? `${t('admin.sessions.revokeAllExplain')} ${t('admin.sessions.revokeAllYours')}`
          : t('admin.sessions.revokeAllExplain')
      }
      confirmLabel={t('admin.sessions.revokeAll')}
      action={revokeAll}
      errorMessage={(error) => adminErrorMessage(error, t)}
    />
  );
}
