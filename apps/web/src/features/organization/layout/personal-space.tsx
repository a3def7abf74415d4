import { useSession } from '@gatehouse/client/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { orgListQueryOptions } from '../api/org-queries.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgPaths } from '../paths.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import { OrganizationLogo } from '../shared/organization-logo.tsx';
import { MyInvitations } from './my-invitations.tsx';

/** Shown on the organization pages while no organization is active: open one, or create one. */
export function PersonalSpace() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const list = useQuery(orgListQueryOptions(session?.user.id ?? null));
  const orgChanged = useOrgChanged();
  const open = useMutation({
    mutationFn: (organizationId: string) => authClient.organizationSetActive({ organizationId }),
    onSuccess: () => orgChanged({ session: true }),
  });
  return (
    <Card aria-labelledby="personal-title">
      <CardHeader>
        <CardTitle as="h1" id="personal-title">
          {t('org.personal.title')}
        </CardTitle>
        <CardDescription>
          {list.data?.length === 0 ? t('org.personal.none') : t('org.personal.some')}
        </CardDescription>
      </CardHeader>
      <MyInvitations />
      {list.isPending && <Spinner label={t('org.personal.loading')} />}
      {list.isError && <Alert tone="error">{orgErrorMessage(list.error, t)}</Alert>}
      {list.data && list.data.length > 0 && (
        <ul className="mb-4 divide-y divide-border">
          {list.data.map((organization) => (
            <li key={organization.id} className="flex items-center justify-between gap-2 py-2">
              <span className="flex min-w-0 items-center gap-2 font-medium">
                <OrganizationLogo organization={organization} className="size-8 text-xs" />
                <span className="truncate">{organization.name}</span>
              </span>
              <Button
                variant="secondary"
                pending={open.isPending && open.variables === organization.id}
                disabled={open.isPending}
                onClick={() => open.mutate(organization.id)}
              >
                {t('org.personal.open')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open.isError && (
        <Alert tone="error" className="mb-4">
          {orgErrorMessage(open.error, t)}
        </Alert>
      )}
      <LinkButton to={orgPaths.create}>{t('org.create')}</LinkButton>
    </Card>
  );
}
