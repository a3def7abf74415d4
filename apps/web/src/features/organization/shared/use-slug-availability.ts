import { GatehouseError } from '@gatehouse/client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authClient } from '../../../lib/auth-client.ts';
import { orgKeys } from '../api/org-keys.ts';

export type SlugState = 'empty' | 'unchanged' | 'checking' | 'available' | 'taken' | 'error';

/** How long typing must pause before the server is asked: one question per word, not per key. */
export const SLUG_CHECK_DELAY_MS = 300;

/**
 * Whether `slug` is free, asked of the server (check-slug) once typing pauses. The
 * organization's own current slug counts as fine without asking (`unchanged`).
 */
export function useSlugAvailability(slug: string, currentSlug?: string): SlugState {
  const trimmed = slug.trim();
  const [settled, setSettled] = useState(trimmed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(trimmed), SLUG_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);
  const skip = trimmed === '' || trimmed === currentSlug;
  const query = useQuery({
    queryKey: orgKeys.slug(settled),
    queryFn: async ({ signal }) => {
      try {
        return (await authClient.organizationCheckSlug({ slug: settled }, { signal })).status;
      } catch (error) {
        if (error instanceof GatehouseError && error.code === 'ORGANIZATION_SLUG_ALREADY_TAKEN') return false;
        throw error;
      }
    },
    enabled: !skip && settled === trimmed,
    retry: false,
    staleTime: 5_000,
  });
  if (trimmed === '') return 'empty';
  if (trimmed === currentSlug) return 'unchanged';
  if (settled !== trimmed || query.isPending) return 'checking';
  if (query.isError) return 'error';
  return query.data ? 'available' : 'taken';
}
