// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { useSlugAvailability } from '../shared/use-slug-availability.ts';
import { fullOrganization, ORG_ID } from '../testing/fixtures.tsx';
import { CreateOrganizationPage } from './create-organization-page.tsx';

// The HTTP client is mocked: under test is when the page asks about a slug and what it shows
// and sends; check-slug and create themselves are tested on the server.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: { organizationCheckSlug: vi.fn(), organizationCreate: vi.fn(), organizationSetActive: vi.fn() },
}));

const checkSlug = vi.mocked(authClient.organizationCheckSlug);
const create = vi.mocked(authClient.organizationCreate);
const setActive = vi.mocked(authClient.organizationSetActive);
const TAKEN = new Set(['acme']);
const ME = { id: 'user-olga', name: 'Olga', email: 'olga@example.com' };

function renderPage() {
  return renderRoutes(
    [
      { path: '/organization/new', element: <CreateOrganizationPage /> },
      { path: '/organization/members', element: <h1>Members page</h1> },
    ],
    '/organization/new',
    sessionFor(ME, null),
  );
}

const slugInput = () => screen.getByLabelText('Slug') as HTMLInputElement;
const createButton = () => screen.getByRole('button', { name: 'Create organization' }) as HTMLButtonElement;

describe('CreateOrganizationPage slug availability', () => {
  beforeEach(() => {
    for (const mock of [checkSlug, create, setActive]) mock.mockReset();
    checkSlug.mockImplementation(async ({ slug }) => {
      if (TAKEN.has(slug)) {
        throw new GatehouseError(400, 'ORGANIZATION_SLUG_ALREADY_TAKEN', 'Organization slug already taken');
      }
      return { status: true };
    });
  });
  afterEach(cleanup);

  it('suggests a slug from the name and asks once typing pauses, not per key', async () => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name'), 'Acme Rockets');
    expect(slugInput().value).toBe('acme-rockets');
    await screen.findByText('This slug is free.');
    expect(checkSlug.mock.calls.map(([input]) => input)).toEqual([{ slug: 'acme-rockets' }]);
    expect(createButton().disabled).toBe(false);
  });

  it('says when a slug is taken and keeps the form from being sent', async () => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name'), 'Acme');
    await screen.findByText('Another organization already uses this slug.');
    expect(slugInput().getAttribute('aria-invalid')).toBe('true');
    expect(createButton().disabled).toBe(true);

    await user.type(slugInput(), '-labs');
    await screen.findByText('This slug is free.');
    expect(checkSlug).toHaveBeenLastCalledWith({ slug: 'acme-labs' }, expect.anything());
    expect(createButton().disabled).toBe(false);
  });

  it('shows that the check failed without blocking the form', async () => {
    checkSlug.mockRejectedValue(new GatehouseError(0, 'NETWORK_ERROR', 'offline'));
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name'), 'Zeta');
    await screen.findByText('We could not check this slug. You can still try to save.');
    expect(createButton().disabled).toBe(false);
  });

  it('creates, makes the organization active and opens it', async () => {
    create.mockResolvedValue({
      ...fullOrganization([]),
      id: ORG_ID,
      name: 'Zeta',
      slug: 'zeta',
      members: [],
    });
    setActive.mockResolvedValue(fullOrganization([]));
    const { user, router } = renderPage();
    await user.type(screen.getByLabelText('Name'), 'Zeta');
    await screen.findByText('This slug is free.');
    await user.click(createButton());
    await screen.findByRole('heading', { name: 'Members page' });
    expect(create).toHaveBeenCalledWith({ name: 'Zeta', slug: 'zeta' });
    expect(setActive).toHaveBeenCalledWith({ organizationId: ORG_ID });
    expect(router.state.location.pathname).toBe('/organization/members');
  });

  it('shows the server’s refusal in words', async () => {
    create.mockRejectedValue(
      new GatehouseError(400, 'ORGANIZATION_ALREADY_EXISTS', 'Organization already exists'),
    );
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name'), 'Racing');
    await screen.findByText('This slug is free.');
    await user.click(createButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Another organization already uses this slug. Pick another one.',
    );
  });
});

describe('useSlugAvailability', () => {
  afterEach(cleanup);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  );

  it('does not ask about the organization’s own slug or an empty one', async () => {
    checkSlug.mockReset();
    const own = renderHook(() => useSlugAvailability('acme', 'acme'), { wrapper });
    const empty = renderHook(() => useSlugAvailability('  '), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(own.result.current).toBe('unchanged');
    expect(empty.result.current).toBe('empty');
    await waitFor(() => expect(checkSlug).not.toHaveBeenCalled());
  });
});
