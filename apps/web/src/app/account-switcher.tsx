import type { SessionData } from '@gatehouse/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '../components/ui/dropdown-menu.tsx';
import { paths } from '../config/paths.ts';
import { useTranslation } from '../i18n/language.ts';
import { authClient } from '../lib/auth-client.ts';
import { errorMessage } from '../lib/error-messages.ts';
import type { AddingAccountState } from './route-guards.tsx';

export const deviceSessionsQueryKey = ['device-sessions'] as const;

/**
 * The other people signed in in this browser, for the user menu while the server has several
 * accounts per browser on (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession):
 * switch to one, add another (the sign-in page, which the guard then lets through), or sign the
 * current one out alone. The cache is emptied on either, so no page
 * shows the previous person's data to the next.
 */
export function AccountSwitcher({ activeToken }: { activeToken: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: deviceSessionsQueryKey,
    queryFn: () => authClient.listDeviceSessions(),
  });
  const after = () => {
    queryClient.clear();
    navigate(paths.account, { replace: true });
  };
  const switchTo = useMutation({
    mutationFn: (sessionToken: string) => authClient.setActiveSession({ sessionToken }),
    onSuccess: after,
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const signOutOne = useMutation({
    mutationFn: () => authClient.revokeDeviceSession({ sessionToken: activeToken }),
    onSuccess: after,
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const others = (sessions.data ?? []).filter(({ session }) => session.token !== activeToken);
  const busy = switchTo.isPending || signOutOne.isPending;
  return (
    <>
      {others.length > 0 && (
        <DropdownMenuGroup>
          <DropdownMenuLabel>{t('switcher.others')}</DropdownMenuLabel>
          {others.map((other) => (
            <DropdownMenuItem
              key={other.session.token}
              disabled={busy}
              onSelect={() => switchTo.mutate(other.session.token)}
            >
              <OtherAccount other={other} />
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
      )}
      <DropdownMenuItem asChild>
        <Link to={paths.signIn} state={{ addingFrom: activeToken } satisfies AddingAccountState}>
          {t('switcher.add')}
        </Link>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem disabled={busy} onSelect={() => signOutOne.mutate()}>
        {t('switcher.signOutThis')}
      </DropdownMenuItem>
    </>
  );
}

function OtherAccount({ other: { user } }: { other: SessionData }) {
  const { t } = useTranslation();
  return (
    <span className="min-w-0">
      <span className="sr-only">{t('switcher.switchTo')} </span>
      <span className="block truncate text-sm">{user.name || user.email}</span>
      {user.name && <span className="block truncate text-xs text-muted-foreground">{user.email}</span>}
    </span>
  );
}
