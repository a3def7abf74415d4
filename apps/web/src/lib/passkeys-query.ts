import { queryOptions } from '@tanstack/react-query';
import { authClient } from './auth-client.ts';

export const passkeysQueryKey = ['account', 'passkeys'] as const;

/** The signed-in person's passkeys, oldest first. */
export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: passkeysQueryKey,
    queryFn: ({ signal }) => authClient.passkeyListUserPasskeys(undefined, { signal }),
  });
