import { Navigate, type RouteObject } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useTranslation } from '../../i18n/language.ts';

/** Shown inside the layout while a page's code loads on a first visit straight to its address. */
function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('admin.loadingPage')} />;
}

/**
 * The admin area; the app's router puts these behind RequireAdmin. The pages load on first visit,
 * so people who never open them (everyone but admins) never download them.
 */
export const adminRoutes: RouteObject[] = [
  { path: paths.admin, element: <Navigate to={paths.adminUsers} replace /> },
  {
    path: paths.adminUsers,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('./users/users-page.tsx')).UsersPage }),
  },
  {
    path: paths.adminAudit,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('./audit/audit-log-page.tsx')).AuditLogPage }),
  },
  {
    path: paths.adminWebhooks,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('./webhooks/webhooks-page.tsx')).WebhooksPage }),
  },
  {
    path: paths.adminUser,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('./user/user-page.tsx')).UserPage }),
  },
];
