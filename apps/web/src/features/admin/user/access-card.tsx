import type { AdminUser } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useUserUpdated } from '../api/use-user-updated.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { banStateOf } from '../shared/ban-state.ts';
import { BanDialog } from './ban-dialog.tsx';
import { SetPasswordDialog } from './set-password-dialog.tsx';

/** Signing in: set their password; ban them, or lift a ban. */
export function AccessCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation();
  const userUpdated = useUserUpdated();
  const ban = banStateOf(user);
  const who = user.name || user.email;

  const unban = useMutation({
    mutationFn: () => authClient.adminUnbanUser({ userId: user.id }),
    onSuccess: ({ user: updated }) => {
      userUpdated(updated);
      toast.success(t('admin.access.unbanned', { name: who }));
    },
    onError: (error) => toast.error(adminErrorMessage(error, t)),
  });

  return (
    <Card aria-labelledby="access-title">
      <CardHeader>
        <CardTitle id="access-title">{t('admin.access.title')}</CardTitle>
      </CardHeader>
      <div className="space-y-6">
        <section aria-labelledby="password-title" className="space-y-2">
          <h3 id="password-title" className="font-medium">
            {t('admin.access.password')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('admin.access.passwordExplain')}</p>
          <SetPasswordDialog user={user} />
        </section>

        <section aria-labelledby="ban-title" className="space-y-2 border-t border-border pt-6">
          <h3 id="ban-title" className="font-medium">
            {t('admin.access.ban')}
          </h3>
          {ban.kind === 'none' ? (
            <>
              <p className="text-sm text-muted-foreground">{t('admin.access.banExplain')}</p>
              <BanDialog user={user} disabled={isSelf} />
              {isSelf && <p className="text-sm text-muted-foreground">{t('admin.access.noSelfBan')}</p>}
            </>
          ) : (
            <>
              <Alert tone={ban.kind === 'active' ? 'error' : 'info'} className="space-y-1">
                <p className="font-medium">
                  {ban.kind === 'active'
                    ? ban.until
                      ? t('admin.access.bannedUntil', { date: formatDateTime(ban.until) })
                      : t('admin.access.bannedForever')
                    : t('admin.access.banEnded', { date: formatDateTime(ban.ended) })}
                </p>
                <p>{t('admin.access.reason', { reason: ban.reason || t('admin.badge.noReason') })}</p>
                {ban.kind === 'expired' && <p>{t('admin.access.liftedNext')}</p>}
              </Alert>
              <Button variant="secondary" pending={unban.isPending} onClick={() => unban.mutate()}>
                {t('admin.access.unban')}
              </Button>
            </>
          )}
        </section>
      </div>
    </Card>
  );
}
