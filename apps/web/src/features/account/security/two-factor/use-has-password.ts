import { useQuery } from '@tanstack/react-query';
import { accountsQueryOptions } from '../../../../lib/accounts-query.ts';

/** Whether the signed-in person has a password; null while their sign-in methods load. */
export function useHasPassword(): boolean | null {
  const accounts = useQuery(accountsQueryOptions());
  if (!accounts.data) return accounts.isError ? true : null;
  return accounts.data.some((account) => account.providerId === 'credential');
}
