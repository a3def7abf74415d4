import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';

/**
 * Ends every session, this one included. The session then disappears and the route guard takes
 * the person to sign-in; nothing here navigates.
 */
export function SignOutEverywhereDialog() {
  const queryClient = useQueryClient();
  const revokeAll = useMutation({
    mutationFn: () => authClient.revokeSessions(),
    onSuccess: () => {
      queryClient.clear();
      toast.success('You are signed out everywhere.');
    },
  });

  return (
    <ConfirmDialog
      trigger={<Button variant="destructive">Sign out everywhere</Button>}
      title="Sign out everywhere?"
      description="This ends every session, including this one. You will need to sign in again on each device."
      confirmLabel="Sign out everywhere"
      action={revokeAll}
      errorMessage={errorMessage}
    />
  );
}
