// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { productConfigQueryKey } from '../../../lib/product-config-query.ts';
import { AccountNav } from './account-nav.tsx';

function renderNav(apiKeys: boolean) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(productConfigQueryKey, { socialProviders: [], apiKeys });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/account/api-keys']}>
        <AccountNav />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AccountNav', () => {
  afterEach(cleanup);

  it('links API keys, before Delete account, where the server offers them', () => {
    renderNav(true);
    const link = screen.getByRole('link', { name: 'API keys' });
    expect(link.getAttribute('href')).toBe('/account/api-keys');
    expect(link.getAttribute('aria-current')).toBe('page');
    const names = screen.getAllByRole('link').map((each) => each.textContent);
    expect(names.indexOf('API keys')).toBe(names.length - 2);
  });

  it('leaves API keys out where the server has none', () => {
    renderNav(false);
    expect(screen.queryByRole('link', { name: 'API keys' })).toBeNull();
    expect(screen.getAllByRole('link').length).toBeGreaterThan(3);
  });
});
