import type { AdminUser } from '@gatehouse/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusCardHeader } from '../../../components/status-card-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { useUserUpdated } from '../api/use-user-updated.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';

/**
 * Whether the user signs in with a second factor, and the reset for a lost phone: two-factor off,
 * its secret and backup codes gone, trusted browsers forgotten, every session ended (docs/api.md#routes).
 */
export function TwoFactorCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const userUpdated = useUserUpdated();
  const enabled = user.twoFactorEnabled === true;
  const who = user.name || user.email;
  const reset = useMutation({
    mutationFn: () => authClient.adminResetTwoFactor({ userId: user.id }),
    onSuccess: ({ user: updated }) => {
      setOpen(false);
      userUpdated(updated);
      toast.success(t('admin.tf.done', { name: who }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.userSessions(user.id) }),
  });

  return (
    <Card aria-labelledby="admin-two-factor-title">
      <StatusCardHeader
        titleId="admin-two-factor-title"
        title={t('admin.tf.title')}
        status={t(enabled ? 'security.tf.on' : 'security.tf.off')}
        good={enabled}
        description={t(enabled ? 'admin.tf.explainOn' : 'admin.tf.explainOff')}
      />
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="destructive" disabled={!enabled}>
            {t('admin.tf.reset')}
          </Button>
        }
        title={t('admin.tf.resetTitle', { name: who })}
        description={t('admin.tf.resetExplain')}
        confirmLabel={t('admin.tf.reset')}
        cancelLabel={t('common.cancel')}
        action={reset}
        errorMessage={(error) => adminErrorMessage(error, t)}
      />
    </Card>
  );
}
