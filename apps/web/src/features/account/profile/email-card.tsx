import type { User } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';

/** The address with its verification state; `children` is the change-email form. */
export function EmailCard({ user, children }: { user: User; children: ReactNode }) {
  const { t } = useTranslation();
  const resend = useMutation({
    mutationFn: () =>
      authClient.sendVerificationEmail({ email: user.email, callbackURL: `${paths.verifyEmail}?verified=1` }),
    onSuccess: () => toast.success(t('account.email.resent', { email: user.email })),
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  return (
    <Card aria-labelledby="email-title">
      <CardHeader>
        <CardTitle id="email-title">{t('account.email.title')}</CardTitle>
      </CardHeader>
      <div className="space-y-6">
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all">{user.email}</span>
            {user.emailVerified ? (
              <Badge tone="success">{t('account.email.verified')}</Badge>
            ) : (
              <Badge tone="warning">{t('account.email.notVerified')}</Badge>
            )}
          </div>
          {!user.emailVerified && (
            <div className="space-y-3">
              <p className="text-sm text-muted-foreground">{t('account.email.verifyExplain')}</p>
              <Button variant="secondary" pending={resend.isPending} onClick={() => resend.mutate()}>
                {t('account.email.resend')}
              </Button>
            </div>
          )}
        </div>
        {children}
      </div>
    </Card>
  );
}
