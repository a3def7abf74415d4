import { createBrowserRouter } from 'react-router';
import { accountRoutes } from '../features/account/routes.tsx';
import { RequireAdmin } from '../features/admin/guard/require-admin.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { apiDocsRoutes } from '../features/api-docs/routes.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { devMailRoutes } from '../features/dev-mail/routes.tsx';
import { organizationRoutes } from '../features/organization/routes.tsx';
import { RequirementNotice } from '../features/organization/two-factor-policy/requirement-notice.tsx';
import { socialRoutes } from '../features/social/routes.tsx';
import { NotFound } from './not-found.tsx';
import { RequireGuest, RequireSession } from './route-guards.tsx';
import { withShell } from './shell-routes.tsx';

export const router = createBrowserRouter(
  withShell([
    { element: <RequireGuest />, children: authRoutes.guest },
    ...authRoutes.public,
    ...devMailRoutes,
    ...socialRoutes,
    ...apiDocsRoutes,
    { element: <RequireSession />, children: accountRoutes({ securityNotice: <RequirementNotice /> }) },
    { element: <RequireAdmin />, children: adminRoutes },
    { element: <RequireSession />, children: organizationRoutes.session },
    ...organizationRoutes.public,
    { path: '*', element: <NotFound /> },
  ]),
);
