import type { SecurityEventFilters, SecurityEventPage } from '@gatehouse/client';
import { useInfiniteQuery } from '@tanstack/react-query';

/** Which of the three event routes a list reads. */
export type EventsSource = 'own' | 'organization' | 'admin';

/**
 * One list of events, a page at a time: each "Load more" asks for the page after the last
 * `nextCursor`, and the filters are part of the key so changing one starts again.
 */
export function useEventPages(
  source: EventsSource,
  filters: SecurityEventFilters,
  load: (filters: SecurityEventFilters, signal: AbortSignal) => Promise<SecurityEventPage>,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: ['audit', source, filters] as const,
    queryFn: ({ pageParam, signal }) =>
      load(pageParam === null ? filters : { ...filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}
