import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SecurityActivityPage } from './activity/security-activity-page.tsx';
import { ApiKeysPage } from './api-keys/api-keys-page.tsx';
import { ConnectionsPage } from './connections/connections-page.tsx';
import { DeleteAccountPage } from './delete/delete-account-page.tsx';
import { AccountLayout } from './layout/account-layout.tsx';
import { ProfilePage } from './profile/profile-page.tsx';
import { SecurityPage } from './security/security-page.tsx';
import { SessionsPage } from './sessions/sessions-page.tsx';

/**
 * The account area; the app's router puts these behind RequireSession. Another area's words on
 * these pages come in as `slots`, so the area imports no other area.
 */
export const accountRoutes = (slots: { securityNotice?: ReactNode } = {}): RouteObject[] => [
  {
    path: paths.account,
    element: <AccountLayout />,
    children: [
      { index: true, element: <ProfilePage /> },
      { path: paths.accountSecurity, element: <SecurityPage notice={slots.securityNotice} /> },
      { path: paths.accountSessions, element: <SessionsPage /> },
      { path: paths.accountActivity, element: <SecurityActivityPage /> },
      { path: paths.accountConnections, element: <ConnectionsPage /> },
      { path: paths.accountApiKeys, element: <ApiKeysPage /> },
      { path: paths.accountDelete, element: <DeleteAccountPage /> },
    ],
  },
];
