import { Navigate, type RouteObject } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../i18n/language.ts';
import { orgPaths } from './paths.ts';

function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('org.loadingPage')} />;
}

/**
 * The organization screens. `session` routes go behind RequireSession; the invitation page is
 * `public` because a signed-out recipient lands there first and is offered sign-in or sign-up.
 * Pages load on first visit, so people who never use organizations never download them.
 */
export const organizationRoutes: { session: RouteObject[]; public: RouteObject[] } = {
  session: [
    {
      path: orgPaths.create,
      HydrateFallback: PageLoading,
      lazy: async () => ({
        Component: (await import('./create/create-organization-page.tsx')).CreateOrganizationPage,
      }),
    },
    {
      path: orgPaths.root,
      HydrateFallback: PageLoading,
      lazy: async () => ({
        Component: (await import('./layout/organization-layout.tsx')).OrganizationLayout,
      }),
      children: [
        { index: true, element: <Navigate to={orgPaths.members} replace /> },
        {
          path: orgPaths.members,
          lazy: async () => ({ Component: (await import('./members/members-page.tsx')).MembersPage }),
        },
        {
          path: orgPaths.invitations,
          lazy: async () => ({
            Component: (await import('./invitations/invitations-page.tsx')).InvitationsPage,
          }),
        },
        {
          path: orgPaths.teams,
          lazy: async () => ({ Component: (await import('./teams/teams-page.tsx')).TeamsPage }),
        },
        {
          path: orgPaths.roles,
          lazy: async () => ({ Component: (await import('./roles/roles-page.tsx')).RolesPage }),
        },
        {
          path: orgPaths.activity,
          lazy: async () => ({ Component: (await import('./activity/activity-page.tsx')).ActivityPage }),
        },
        {
          path: orgPaths.apiKeys,
          lazy: async () => ({ Component: (await import('./api-keys/api-keys-page.tsx')).ApiKeysPage }),
        },
        {
          path: orgPaths.webhooks,
          lazy: async () => ({ Component: (await import('./webhooks/webhooks-page.tsx')).WebhooksPage }),
        },
        {
          path: orgPaths.settings,
          lazy: async () => ({ Component: (await import('./settings/settings-page.tsx')).SettingsPage }),
        },
      ],
    },
  ],
  public: [
    {
      path: orgPaths.acceptInvitation,
      HydrateFallback: PageLoading,
      lazy: async () => ({
        Component: (await import('./invitation/accept-invitation-page.tsx')).AcceptInvitationPage,
      }),
    },
  ],
};
