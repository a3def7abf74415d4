import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { paths } from '../config/paths.ts';
import { useTranslation } from '../i18n/language.ts';
import { NotFound } from './not-found.tsx';

/**
 * The route tree's error boundary (`errorElement`): a page that threw while rendering shows this
 * instead of a blank page, with a way back. "Try again" navigates to the same address, which
 * clears the router's error and renders the page afresh.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const retry = () =>
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  return (
    <div role="alert" className="mx-auto max-w-md space-y-4 py-8 text-center">
      <title>{`${t('ui.routeError.title')} · Gatehouse`}</title>
      <h1 className="text-2xl font-semibold">{t('ui.routeError.title')}</h1>
      <p className="text-muted-foreground">{t('ui.routeError.explain')}</p>
      <div className="flex flex-wrap items-center justify-center gap-4">
        <Button onClick={retry}>{t('ui.routeError.retry')}</Button>
        <Link className="underline" to={paths.home}>
          {t('ui.notFound.home')}
        </Link>
      </div>
    </div>
  );
}
