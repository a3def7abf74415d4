import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';
import { DevMailPage } from './dev-mail-page.tsx';

/** For everyone; the page itself says when the server keeps no outbox. */
export const devMailRoutes: RouteObject[] = [{ path: paths.devMail, element: <DevMailPage /> }];
