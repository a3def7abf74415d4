import { useSession } from '@gatehouse/client/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '../components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import { paths } from '../config/paths.ts';
import { orgPaths } from '../features/organization/paths.ts';
import { useTranslation } from '../i18n/language.ts';
import { productConfigQueryOptions } from '../lib/product-config-query.ts';
import { useIsAdmin } from '../lib/use-is-admin.ts';
import { useSignOut } from '../lib/use-sign-out.ts';
import { AccountSwitcher } from './account-switcher.tsx';
import { LanguageChoices, ThemeChoices } from './theme-choices.tsx';

/**
 * The signed-in person's avatar in the header, opening their menu: account, organizations, the
 * admin console (only for those the server lets list users), the theme, and signing out. With
 * several accounts per browser on, the others signed in here and signing out of this one alone.
 */
export function UserMenu() {
  const { data } = useSession();
  const { isAdmin } = useIsAdmin();
  const signOut = useSignOut();
  const { t } = useTranslation();
  const multiSession = useQuery(productConfigQueryOptions()).data?.multiSession === true;
  if (!data) return null;
  const { user } = data;
  const name = user.name || user.email;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        {/* Named by text, not aria-label: the initials shown must not contradict the name. */}
        <Avatar src={user.image} name={name} className="size-9 text-sm" />
        <span className="sr-only">{t('menu.accountFor', { name })}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <div className="px-2 py-1.5">
          <p className="truncate text-sm font-medium">{name}</p>
          {user.name && <p className="truncate text-xs text-muted-foreground">{user.email}</p>}
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to={paths.account}>{t('menu.account')}</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={orgPaths.root}>{t('menu.organizations')}</Link>
          </DropdownMenuItem>
          {isAdmin && (
            <DropdownMenuItem asChild>
              <Link to={paths.adminUsers}>{t('menu.admin')}</Link>
            </DropdownMenuItem>
          )}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('menu.theme')}</DropdownMenuLabel>
        <ThemeChoices />
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('menu.language')}</DropdownMenuLabel>
        <LanguageChoices />
        {multiSession && <AccountSwitcher activeToken={data.session.token} />}
        <DropdownMenuSeparator />
        {/* /sign-out ends every session of the browser (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession). */}
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          {t(multiSession ? 'switcher.signOutAll' : 'menu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
