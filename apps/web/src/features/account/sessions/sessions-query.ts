import { queryOptions } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** The signed-in person's unexpired sessions; every action on them invalidates this key. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => authClient.listSessions(undefined, { signal }),
  });
