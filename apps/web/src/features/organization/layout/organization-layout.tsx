import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { TabContent, TabNav } from '../../../components/tab-nav.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';
import { roleLabel } from '../../../lib/role-label.ts';
import { rolesQueryOptions } from '../api/org-queries.ts';
import { useActiveOrganization } from '../api/use-active-organization.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { useOrgPermissions } from '../api/use-org-permissions.ts';
import { orgPaths } from '../paths.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';
import type { OrgContext } from './org-context.ts';
import { PersonalSpace } from './personal-space.tsx';

/**
 * The active organization's frame: its name, the caller's role, and the sections the server
 * offers (Teams only when teams are on, Roles only when custom roles are on, API keys only when
 * API keys are on).
 */
export function OrganizationLayout() {
  const { t } = useTranslation();
  const active = useActiveOrganization();
  const organizationId = active.organizationId;
  const roles = useQuery({ ...rolesQueryOptions(organizationId ?? ''), enabled: organizationId !== null });
  // Unknown (undefined) while loading; none when custom roles are off (null) or not readable.
  const customRoleNames = useMemo(
    () => (roles.isPending ? undefined : (roles.data ?? []).map((each) => each.role)),
    [roles.isPending, roles.data],
  );
  const permissions = useOrgPermissions(organizationId, active.me?.role ?? null, customRoleNames);
  const config = useQuery(productConfigQueryOptions());
  const orgChanged = useOrgChanged();
  // Out of an organization that is gone or no longer has you: back to the personal space.
  const leave = useMutation({
    mutationFn: () => authClient.organizationSetActive({ organizationId: null }),
    onSuccess: () => orgChanged({ session: true }),
  });

  if (organizationId === null) return <PersonalSpace />;
  if (active.isPending) return <Spinner label={t('org.layout.loading')} />;
  if (active.error || !active.organization || !active.me) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {t('org.layout.failed')}{' '}
          {active.error ? orgErrorMessage(active.error, t) : t('org.layout.noLonger')}
        </span>
        <span className="flex gap-2">
          <Button variant="secondary" onClick={active.refetch}>
            {t('org.layout.retry')}
          </Button>
          <Button variant="secondary" pending={leave.isPending} onClick={() => leave.mutate()}>
            {t('org.layout.backToPersonal')}
          </Button>
        </span>
      </Alert>
    );
  }

  const { organization, me } = active;
  const tabs = [
    { to: orgPaths.members, label: t('org.tab.members') },
    { to: orgPaths.invitations, label: t('org.tab.invitations') },
    ...(organization.teams ? [{ to: orgPaths.teams, label: t('org.tab.teams') }] : []),
    // A 404 (custom roles off) answers null; a 403 (no ac:read) still shows the tab and says why.
    ...(roles.data === null ? [] : [{ to: orgPaths.roles, label: t('org.tab.roles') }]),
    ...(permissions.can('auditLog', 'read') ? [{ to: orgPaths.activity, label: t('org.tab.activity') }] : []),
    // Where the server offers API keys (API_KEYS), to members whose role may read them.
    ...(config.data?.apiKeys && permissions.can('apiKey', 'read')
      ? [{ to: orgPaths.apiKeys, label: t('apiKey.title') }]
      : []),
    // Where the server offers webhooks (WEBHOOKS), to members whose role may read the
    // organization's (docs/protocol/webhooks.md#3-who-may-do-what).
    ...(config.data?.webhooks && permissions.can('webhook', 'read')
      ? [{ to: orgPaths.webhooks, label: t('webhook.title') }]
      : []),
    { to: orgPaths.settings, label: t('org.tab.settings') },
  ];
  const context: OrgContext = { organization, me, permissions, customRoles: roles.data };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-3">
        {organization.logo && (
          <img
            src={organization.logo}
            alt=""
            className="size-10 rounded-md border border-border object-cover"
          />
        )}
        <div>
          <h1 className="text-2xl font-semibold">{organization.name}</h1>
          <p className="text-sm text-muted-foreground">
            {organization.slug} · {t('org.layout.yourRole')} <Badge>{roleLabel(me.role, t)}</Badge>
          </p>
        </div>
      </header>
      <TabNav label={t('org.layout.nav')} tabs={tabs} />
      <TabContent>
        <Outlet context={context} />
      </TabContent>
    </div>
  );
}
