import { useSession } from '@gatehouse/client/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { setTwoFactorPolicyHandler } from '../../../lib/organization-policy.ts';
import { securityPathFor } from './policy-paths.ts';

/**
 * Mounted once in the app's frame: when any organization call answers that the organization
 * requires two-factor, the member goes to Account → Security, which names the organization and
 * leads back once two-factor is on. A call without an organization id was about the active one.
 */
export function TwoFactorPolicyRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: session } = useSession();
  // The handler is registered once; it reads the latest page and session through these.
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  const active = useRef<string | null>(null);
  active.current = session?.session.activeOrganizationId ?? null;

  useEffect(
    () =>
      setTwoFactorPolicyHandler((organizationId) => {
        if (here.current.startsWith(paths.accountSecurity)) return;
        void navigate(securityPathFor(organizationId ?? active.current, here.current));
      }),
    [navigate],
  );
  return null;
}
