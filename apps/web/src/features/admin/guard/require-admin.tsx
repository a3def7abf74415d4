import { useSession } from '@gatehouse/client/react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { useIsAdmin } from '../../../lib/use-is-admin.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { NoAccessPage } from './no-access-page.tsx';

/**
 * The admin area's door: signed-out people go to sign-in and come back; signed-in people who are
 * not admins are told so. Only what is shown depends on it, the server refuses them anyway.
 */
export function RequireAdmin() {
  const { t } = useTranslation();
  const { data, isPending } = useSession();
  const location = useLocation();
  const admin = useIsAdmin();
  if (isPending && !data) return <Spinner />;
  if (!data) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${paths.signIn}?next=${next}`} replace />;
  }
  if (admin.isPending) return <Spinner label={t('admin.guard.checking')} />;
  if (admin.error) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{t('admin.guard.failed', { reason: adminErrorMessage(admin.error, t) })}</span>
        <Button variant="secondary" onClick={admin.refetch}>
          {t('admin.retry')}
        </Button>
      </Alert>
    );
  }
  if (!admin.isAdmin) return <NoAccessPage />;
  return <Outlet />;
}
