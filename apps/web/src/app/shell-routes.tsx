import type { RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every page inside the layout, with two error boundaries: the inner one keeps the header and
 * footer when a page fails; the outer one answers when the layout itself fails.
 */
export const withShell = (pages: RouteObject[]): RouteObject[] => [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: pages }],
  },
];
