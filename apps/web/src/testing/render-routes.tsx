import type { GatehouseClient, ProductConfig, SessionData } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { productConfigQueryKey } from '../lib/product-config-query.ts';

/** For the screens' component tests (never used by the app): a session, and routes rendered with it. */
const NOW = '2026-01-02T10:00:00.000Z';

export function sessionFor(
  user: { id: string; name: string; email: string },
  activeOrganizationId: string | null,
): SessionData {
  return {
    session: {
      id: `session-${user.id}`,
      token: 'token',
      userId: user.id,
      expiresAt: '2030-01-01T00:00:00.000Z',
      createdAt: NOW,
      updatedAt: NOW,
      ipAddress: null,
      userAgent: null,
      activeOrganizationId,
    },
    user: { ...user, emailVerified: true, image: null, createdAt: NOW, updatedAt: NOW },
  };
}

/** A session provider's client answering one fixed session. */
export function sessionClient(data: SessionData | null): GatehouseClient {
  return { getSession: async () => data, onSessionChange: () => () => {} } as unknown as GatehouseClient;
}

/** The product's settings (`GET /api/config`) as a server with its optional features off says them. */
const PRODUCT_CONFIG: ProductConfig = {
  socialProviders: [],
  signUp: 'open',
  passwordMinLength: 8,
  passkeys: false,
  apiKeys: false,
  webhooks: false,
  magicLink: false,
  emailOtp: false,
  usernames: false,
  multiSession: false,
  accountDeletion: 'immediate',
};

/**
 * Renders routes at `path` with a fresh query cache (no retries), the given session, and the
 * product's settings already read (PRODUCT_CONFIG with `config` over it), so no test asks a
 * server for them.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  session: SessionData | null,
  config: Partial<ProductConfig> = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(productConfigQueryKey, { ...PRODUCT_CONFIG, ...config });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider client={sessionClient(session)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}
