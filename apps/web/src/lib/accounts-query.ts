import { queryOptions } from '@tanstack/react-query';
import { authClient } from './auth-client.ts';

export const accountsQueryKey = ['account', 'accounts'] as const;

/** The signed-in person's ways to sign in, the email + password one included. */
export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: accountsQueryKey,
    queryFn: ({ signal }) => authClient.listAccounts(undefined, { signal }),
  });
