import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SocialErrorPage } from './social-error-page.tsx';

/** Public: a failed sign-in may come back signed out or (after a failed link) signed in. */
export const socialRoutes: RouteObject[] = [{ path: paths.socialError, element: <SocialErrorPage /> }];
