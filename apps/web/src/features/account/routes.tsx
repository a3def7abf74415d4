import type { RouteObject } from 'react-router';

/** Stub: replaced by the account screens (all need a session). */
export const accountRoutes: RouteObject[] = [];
