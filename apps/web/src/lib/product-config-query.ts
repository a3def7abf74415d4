import { fetchProductConfig, type SocialProvider } from '@gatehouse/client';
import { queryOptions } from '@tanstack/react-query';
import type { Translate } from '../i18n/language.ts';

export const productConfigQueryKey = ['product-config'] as const;

/** The product's public settings; they change only when the server restarts. */
export const productConfigQueryOptions = () =>
  queryOptions({
    queryKey: productConfigQueryKey,
    queryFn: ({ signal }) => fetchProductConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The name to show for a provider id: the configured one, else the id itself. */
export function providerName(
  providerId: string,
  providers: SocialProvider[] | undefined,
  t: Translate,
): string {
  if (providerId === 'credential') return t('social.connections.credential');
  return providers?.find((provider) => provider.id === providerId)?.name ?? providerId;
}
