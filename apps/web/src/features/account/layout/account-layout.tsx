import { useSession } from '@gatehouse/client/react';
import { Outlet } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { useSignOut } from '../../../lib/use-sign-out.ts';
import { AccountNav } from './account-nav.tsx';

/** The frame of every account screen: who is signed in, the section nav, and sign-out. */
export function AccountLayout() {
  const { t } = useTranslation();
  const { data } = useSession();
  const signOut = useSignOut();

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
          {t('account.signOut')}
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
