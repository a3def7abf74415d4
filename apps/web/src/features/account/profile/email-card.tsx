import type { User } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';

/** The address with its verification state; `children` is the change-email form. */
export function EmailCard({ user, children }: { user: User; children: ReactNode }) {
  const resend = useMutation({
    mutationFn: () =>
      authClient.sendVerificationEmail({ email: user.email, callbackURL: `${paths.verifyEmail}?verified=1` }),
    onSuccess: () => toast.success(`We sent a new verification link to ${user.email}.`),
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <Card aria-labelledby="email-title">
      <CardHeader>
        <CardTitle id="email-title">Email address</CardTitle>
      </CardHeader>
      <div className="space-y-6">
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all">{user.email}</span>
            {user.emailVerified ? (
              <Badge tone="success">Verified</Badge>
            ) : (
              <Badge tone="warning">Not verified</Badge>
            )}
          </div>
          {!user.emailVerified && (
            <div className="space-y-3">
              <p className="text-sm text-muted-foreground">
                Open the link we emailed you to verify this address. It lets you reset your password if you
                forget it.
              </p>
              <Button variant="secondary" pending={resend.isPending} onClick={() => resend.mutate()}>
                Resend verification email
              </Button>
            </div>
          )}
        </div>
        {children}
      </div>
    </Card>
  );
}
