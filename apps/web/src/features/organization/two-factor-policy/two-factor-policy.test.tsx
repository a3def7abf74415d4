// @vitest-environment happy-dom
import { GatehouseError, type SessionData } from '@gatehouse/client';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { withOrganizationPolicy } from '../../../lib/organization-policy.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import type { OrgContext } from '../layout/org-context.ts';
import { fullOrganization, member, ORG_ID } from '../testing/fixtures.tsx';
import { RequireTwoFactorCard } from './require-two-factor-card.tsx';
import { RequirementNotice } from './requirement-notice.tsx';
import { TwoFactorPolicyRedirect } from './two-factor-policy-redirect.tsx';

// The HTTP client is mocked; the policy against the real server, in Chromium, is e2e/passkeys.test.ts.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    organizationUpdate: vi.fn(),
    organizationList: vi.fn(),
    organizationSetActive: vi.fn(),
  },
}));

const client = vi.mocked(authClient);
const owner = member('1', 'owner', 'Ada');

function sessionWithTwoFactor(enabled: boolean, activeOrganizationId: string | null = ORG_ID): SessionData {
  const session = sessionFor(owner.user, activeOrganizationId);
  return { ...session, user: { ...session.user, twoFactorEnabled: enabled } };
}

function renderCard(requireTwoFactor: boolean, twoFactorEnabled: boolean) {
  const context: OrgContext = {
    organization: fullOrganization([owner], { requireTwoFactor }),
    me: owner,
    permissions: { can: () => true, isOwner: true, isPending: false },
    customRoles: null,
  };
  return renderRoutes(
    [
      {
        element: <Outlet context={context} />,
        children: [{ path: '/settings', element: <RequireTwoFactorCard /> }],
      },
    ],
    '/settings',
    sessionWithTwoFactor(twoFactorEnabled),
  );
}

describe('the organization’s two-factor switch', () => {
  beforeEach(() => vi.resetAllMocks());
  afterEach(cleanup);

  it('turns the requirement on for someone with two-factor', async () => {
    client.organizationUpdate.mockResolvedValue(fullOrganization([owner], { requireTwoFactor: true }));
    const { user } = renderCard(false, true);
    const toggle = await screen.findByRole('switch', {
      name: 'Require two-factor authentication for members',
    });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await waitFor(() =>
      expect(client.organizationUpdate).toHaveBeenCalledWith({
        organizationId: ORG_ID,
        data: { requireTwoFactor: true },
      }),
    );
  });

  it('turns it off', async () => {
    client.organizationUpdate.mockResolvedValue(fullOrganization([owner]));
    const { user } = renderCard(true, true);
    const toggle = await screen.findByRole('switch');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    await waitFor(() =>
      expect(client.organizationUpdate).toHaveBeenCalledWith({
        organizationId: ORG_ID,
        data: { requireTwoFactor: false },
      }),
    );
  });

  it('explains that one needs two-factor oneself, and leads to the Security page', async () => {
    renderCard(false, false);
    expect(await screen.findByText(/You need two-factor authentication on your own account/)).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Set it up on the Security page' }).getAttribute('href')).toBe(
      '/account/security',
    );
  });

  it('says the same when the server answers TWO_FACTOR_NOT_ENABLED', async () => {
    client.organizationUpdate.mockRejectedValue(
      new GatehouseError(400, 'TWO_FACTOR_NOT_ENABLED', 'Two factor is not enabled'),
    );
    const { user } = renderCard(false, true);
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await user.click(toggle);
    expect(await screen.findByText(/You need two-factor authentication on your own account/)).toBeTruthy();
  });
});

const getFullOrganization = vi.fn();
/** An organization call through the app's policy watch. */
const watched = withOrganizationPolicy({ organizationGetFull: getFullOrganization });

/** A page whose organization call the server refuses. */
function Members() {
  return (
    <button type="button" onClick={() => void watched.organizationGetFull().catch(() => {})}>
      open
    </button>
  );
}

/** Shows where the app is. */
function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

describe('a member sent to set up two-factor', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    client.organizationList.mockResolvedValue([fullOrganization([owner])]);
  });
  afterEach(cleanup);

  it('goes to Security when an organization call answers TWO_FACTOR_REQUIRED_BY_ORGANIZATION', async () => {
    getFullOrganization.mockRejectedValue(
      new GatehouseError(403, 'TWO_FACTOR_REQUIRED_BY_ORGANIZATION', 'required'),
    );
    const { user } = renderRoutes(
      [
        {
          element: (
            <>
              <TwoFactorPolicyRedirect />
              <Outlet />
            </>
          ),
          children: [
            { path: '/organization/members', element: <Members /> },
            { path: '/account/security', element: <Where /> },
          ],
        },
      ],
      '/organization/members',
      sessionWithTwoFactor(false),
    );
    await user.click(await screen.findByRole('button', { name: 'open' }));
    expect(
      await screen.findByText(`at /account/security?requiredBy=${ORG_ID}&back=%2Forganization%2Fmembers`),
    ).toBeTruthy();
  });

  it('names the organization on the Security page', async () => {
    renderRoutes(
      [{ path: '/account/security', element: <RequirementNotice /> }],
      `/account/security?requiredBy=${ORG_ID}&back=%2Forganization%2Fmembers`,
      sessionWithTwoFactor(false),
    );
    expect(
      await screen.findByText('Acme requires two-factor authentication. Turn it on below to continue.'),
    ).toBeTruthy();
  });

  it('leads back into the organization once two-factor is on', async () => {
    client.organizationSetActive.mockResolvedValue(fullOrganization([owner]));
    const { user } = renderRoutes(
      [
        { path: '/account/security', element: <RequirementNotice /> },
        { path: '/organization/members', element: <Where /> },
      ],
      `/account/security?requiredBy=${ORG_ID}&back=%2Forganization%2Fmembers`,
      sessionWithTwoFactor(true, null),
    );
    await user.click(await screen.findByRole('button', { name: 'Back to Acme' }));
    expect(await screen.findByText('at /organization/members')).toBeTruthy();
    expect(client.organizationSetActive).toHaveBeenCalledWith({ organizationId: ORG_ID });
  });

  it('says nothing on a plain visit to the Security page', async () => {
    const { router } = renderRoutes(
      [{ path: '/account/security', element: <RequirementNotice /> }],
      '/account/security',
      sessionWithTwoFactor(false),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/requires two-factor/)).toBeNull();
  });
});
