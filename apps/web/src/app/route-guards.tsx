import { useSession } from '@gatehouse/client/react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { sameSitePath } from '../lib/same-site-path.ts';

/** Screens for signed-in people: others go to sign-in, and come back here afterwards. */
export function RequireSession() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending && !data) return <Spinner />;
  if (!data) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${paths.signIn}?next=${next}`} replace />;
  }
  return <Outlet />;
}

/** Sign-in and sign-up: a signed-in person is taken to the account instead. */
export function RequireGuest() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending && !data) return <Spinner />;
  if (data) {
    const next = sameSitePath(new URLSearchParams(location.search).get('next'));
    return <Navigate to={next ?? paths.account} replace />;
  }
  return <Outlet />;
}
