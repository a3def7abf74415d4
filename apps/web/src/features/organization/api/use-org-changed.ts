import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { orgKeys } from './org-keys.ts';

/** After any organization change: everything organization-shaped loads again. */
export function useOrgChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: orgKeys.all }), [queryClient]);
}
