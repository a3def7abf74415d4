import { useSession } from '@gatehouse/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { AccountNav } from './account-nav.tsx';

/** The frame of every account screen: who is signed in, the section nav, and sign-out. */
export function AccountLayout() {
  const { data } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => authClient.signOut(),
    onSuccess: () => {
      queryClient.clear();
      navigate(paths.home, { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  // RequireSession renders this only with a session; null is the moment after signing out.
  if (!data) return null;
  const { user } = data;

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <Avatar src={user.image} name={user.name || user.email} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{user.name || user.email}</p>
          {user.name && <p className="truncate text-sm text-muted-foreground">{user.email}</p>}
        </div>
        <Button variant="secondary" pending={signOut.isPending} onClick={() => signOut.mutate()}>
          Sign out
        </Button>
      </div>
      <div className="flex flex-col gap-6 md:flex-row md:gap-10">
        <AccountNav />
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
