import { useSession } from '@gatehouse/client/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { generatePath, Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { orgListQueryOptions } from '../api/org-queries.ts';
import { useMyInvitations } from '../api/use-my-invitations.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgPaths } from '../paths.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { OrganizationLogo } from '../shared/organization-logo.tsx';

const PERSONAL = '';

/**
 * The header's choice of where one works, as a menu: the personal space or one of one's
 * organizations (with logos), invitations waiting for an answer, and creating one. Choosing sets
 * the session's active organization (set-active). Shown only to signed-in people.
 */
export function OrganizationSwitcher() {
  const navigate = useNavigate();
  const orgChanged = useOrgChanged();
  const { data: session } = useSession();
  const list = useQuery(orgListQueryOptions(session?.user.id ?? null));
  const invitations = useMyInvitations();
  const { t } = useTranslation();

  const switchTo = useMutation({
    mutationFn: (organizationId: string | null) => authClient.organizationSetActive({ organizationId }),
    onSuccess: async (organization) => {
      await orgChanged({ session: true });
      await navigate(organization ? orgPaths.members : paths.account);
    },
    onError: (error) => toast.error(t('org.switchFailed', { reason: orgErrorMessage(error, t) })),
  });

  if (!session) return null;
  const organizations = list.data ?? [];
  const active = switchTo.isPending
    ? (switchTo.variables ?? PERSONAL)
    : (session.session.activeOrganizationId ?? PERSONAL);
  const current = organizations.find((each) => each.id === active);
  const personalName = session.user.name || session.user.email;
  const shownName = active === PERSONAL ? t('org.personal') : (current?.name ?? t('org.settings.title'));

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex min-h-10 min-w-0 max-w-44 items-center gap-2 rounded-md border border-border bg-card px-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring sm:max-w-56"
        aria-busy={switchTo.isPending || list.isPending || undefined}
      >
        {current ? (
          <OrganizationLogo organization={current} />
        ) : (
          <Avatar src={session.user.image} name={personalName} className="size-6 text-[0.625rem]" />
        )}
        <span className="sr-only">{t('org.switcher')} </span>
        <span className="truncate">{shownName}</span>
        {invitations.length > 0 && (
          <span className="rounded-full bg-primary px-1.5 text-xs font-medium text-primary-foreground">
            <span aria-hidden>{invitations.length}</span>
            <span className="sr-only">, {t('org.invitationCount', { count: invitations.length })}</span>
          </span>
        )}
        <svg viewBox="0 0 16 16" aria-hidden fill="none" className="size-4 shrink-0 text-muted-foreground">
          <path d="M4 6l4 4 4-4" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72">
        <DropdownMenuLabel>{t('org.workIn')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={active}
          onValueChange={(value) => switchTo.mutate(value === PERSONAL ? null : value)}
        >
          <DropdownMenuRadioItem value={PERSONAL}>
            <Avatar src={session.user.image} name={personalName} className="size-6 text-[0.625rem]" />
            <span className="truncate">{t('org.personal')}</span>
          </DropdownMenuRadioItem>
          {organizations.map((organization) => (
            <DropdownMenuRadioItem key={organization.id} value={organization.id}>
              <OrganizationLogo organization={organization} />
              <span className="truncate">{organization.name}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        {list.isPending && <DropdownMenuItem disabled>{t('org.loading')}</DropdownMenuItem>}
        {list.isError && (
          <DropdownMenuItem disabled>
            {t('org.loadFailed', { reason: orgErrorMessage(list.error, t) })}
          </DropdownMenuItem>
        )}
        {invitations.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>{t('org.invitations')}</DropdownMenuLabel>
            {invitations.map((invitation) => (
              <DropdownMenuItem key={invitation.id} asChild>
                <Link to={generatePath(orgPaths.acceptInvitation, { invitationId: invitation.id })}>
                  {t('org.join', { name: invitation.organizationName })}
                </Link>
              </DropdownMenuItem>
            ))}
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={orgPaths.create}>{t('org.create')}</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
