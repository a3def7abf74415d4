import type { AdminUser } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useUserUpdated } from '../api/use-user-updated.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { banStateOf } from '../shared/ban-state.ts';
import { BanDialog } from './ban-dialog.tsx';
import { SetPasswordDialog } from './set-password-dialog.tsx';

/** Signing in: set their password; ban them, or lift a ban. */
export function AccessCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const userUpdated = useUserUpdated();
  const ban = banStateOf(user);
  const who = user.name || user.email;

  const unban = useMutation({
    mutationFn: () => authClient.adminUnbanUser({ userId: user.id }),
    onSuccess: ({ user: updated }) => {
      userUpdated(updated);
      toast.success(`${who} can sign in again.`);
    },
    onError: (error) => toast.error(adminErrorMessage(error)),
  });

  return (
    <Card aria-labelledby="access-title">
      <CardHeader>
        <CardTitle id="access-title">Password and access</CardTitle>
      </CardHeader>
      <div className="space-y-6">
        <section aria-labelledby="password-title" className="space-y-2">
          <h3 id="password-title" className="font-medium">
            Password
          </h3>
          <p className="text-sm text-muted-foreground">
            Set a new password when they are locked out and cannot reset it by email.
          </p>
          <SetPasswordDialog user={user} />
        </section>

        <section aria-labelledby="ban-title" className="space-y-2 border-t border-border pt-6">
          <h3 id="ban-title" className="font-medium">
            Ban
          </h3>
          {ban.kind === 'none' ? (
            <>
              <p className="text-sm text-muted-foreground">
                A banned user is signed out everywhere and cannot sign in.
              </p>
              <BanDialog user={user} disabled={isSelf} />
              {isSelf && <p className="text-sm text-muted-foreground">You cannot ban your own account.</p>}
            </>
          ) : (
            <>
              <Alert tone={ban.kind === 'active' ? 'error' : 'info'} className="space-y-1">
                <p className="font-medium">
                  {ban.kind === 'active'
                    ? ban.until
                      ? `Banned until ${formatDateTime(ban.until)}`
                      : 'Banned permanently'
                    : `The ban ended ${formatDateTime(ban.ended)}`}
                </p>
                <p>Reason: {ban.reason || 'No reason'}</p>
                {ban.kind === 'expired' && <p>It is lifted when they next sign in, or now with Unban.</p>}
              </Alert>
              <Button variant="secondary" pending={unban.isPending} onClick={() => unban.mutate()}>
                Unban
              </Button>
            </>
          )}
        </section>
      </div>
    </Card>
  );
}
