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

/**
 * What the account switcher hands the sign-in page to add another person to this browser: the
 * session it was opened from. The page stays while that session is the active one, and moves on
 * as for a guest once the sign-in has made another active.
 */
export interface AddingAccountState {
  addingFrom: string;
}

const addingFrom = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'addingFrom' in state && typeof state.addingFrom === 'string'
    ? state.addingFrom
    : undefined;

/** Sign-in and sign-up: a signed-in person is taken to the account instead, unless adding another. */
export function RequireGuest() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending && !data) return <Spinner />;
  if (data && addingFrom(location.state) !== data.session.token) {
    const next = sameSitePath(new URLSearchParams(location.search).get('next'));
    return <Navigate to={next ?? paths.account} replace />;
  }
  return <Outlet />;
}
