import type { SignUpPolicy } from '@gatehouse/client';
import { useQuery } from '@tanstack/react-query';
import { productConfigQueryOptions } from './product-config-query.ts';

/**
 * The server's sign-up policy, `open` until it is known: the pages only explain the policy, the
 * server enforces it, so a moment of the open wording costs nothing.
 */
export function useSignUpPolicy(): SignUpPolicy {
  return useQuery(productConfigQueryOptions()).data?.signUp ?? 'open';
}
