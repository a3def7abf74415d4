import type { RouteObject } from 'react-router';

/** Stub: replaced by the auth screens. `guest` routes are for signed-out people only. */
export const authRoutes: { guest: RouteObject[]; public: RouteObject[] } = { guest: [], public: [] };
