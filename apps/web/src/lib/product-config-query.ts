import { fetchProductConfig, type SocialProvider } from '@gatehouse/client';
import { queryOptions } from '@tanstack/react-query';

export const productConfigQueryKey = ['product-config'] as const;

/** The product's public settings; they change only when the server restarts. */
export const productConfigQueryOptions = () =>
  queryOptions({
    queryKey: productConfigQueryKey,
    queryFn: ({ signal }) => fetchProductConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The name to show for a provider id: the configured one, else the id itself. */
export function providerName(providerId: string, providers: SocialProvider[] | undefined): string {
  if (providerId === 'credential') return 'Email and password';
  return providers?.find((provider) => provider.id === providerId)?.name ?? providerId;
}
