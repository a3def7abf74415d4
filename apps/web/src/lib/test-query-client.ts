import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { productConfigQueryKey } from './product-config-query.ts';

/**
 * For component tests: a QueryClient that already knows the product settings with the server's
 * defaults, so components reading them (the password meter, the sign-up policy) never fetch.
 */
export function testQueryClient(config: QueryClientConfig = {}, passwordMinLength = 8): QueryClient {
  const queryClient = new QueryClient(config);
  queryClient.setQueryData(productConfigQueryKey, { socialProviders: [], signUp: 'open', passwordMinLength });
  return queryClient;
}
