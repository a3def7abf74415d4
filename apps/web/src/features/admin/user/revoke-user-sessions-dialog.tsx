import type { AdminUser } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
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
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = useSession();
  const who = user.name || user.email;
  const revokeAll = useMutation({
    mutationFn: () => authClient.adminRevokeUserSessions({ userId: user.id }),
    onSuccess: () => {
      setOpen(false);
      toast.success(`${who} is signed out everywhere.`);
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
          Sign out everywhere
        </Button>
      }
      title={`Sign ${who} out everywhere?`}
      description={
        <>
          Every session ends at once. They can sign in again with their password.
          {includesCurrent && ' This includes your own session: you will be signed out too.'}
        </>
      }
      confirmLabel="Sign out everywhere"
      action={revokeAll}
      errorMessage={adminErrorMessage}
    />
  );
}
