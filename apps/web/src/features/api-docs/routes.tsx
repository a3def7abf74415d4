import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ApiDocsPage } from './api-docs-page.tsx';

/** Public: anyone may read the reference; "Try it" uses whatever session the browser has. */
export const apiDocsRoutes: RouteObject[] = [{ path: paths.apiDocs, element: <ApiDocsPage /> }];
