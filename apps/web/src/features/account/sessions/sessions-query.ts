import { GatehouseError } from '@gatehouse/client';
import { queryOptions } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** The signed-in person's unexpired sessions; every action on them invalidates this key. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => authClient.listSessions(undefined, { signal }),
  });

/**
 * Where each session's address is (GEOIP); under the sessions key, so whatever refreshes the list
 * refreshes the places. Null when the server has no database (404) or could not answer: the page
 * then simply shows no places.
 */
export const sessionLocationsQueryOptions = () =>
  queryOptions({
    queryKey: [...sessionsQueryKey, 'locations'] as const,
    queryFn: async ({ signal }) => {
      try {
        return (await authClient.sessionLocations(undefined, { signal })).locations;
      } catch (error) {
        if (error instanceof GatehouseError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
