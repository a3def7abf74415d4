import { useSearchParams } from 'react-router';
import { sameSitePath } from '../../../lib/same-site-path.ts';

/** Where the person was going before signing in or up (`?next=`, this site only), or null. */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return sameSitePath(params.get('next'));
}

/** An address handed over in the link (`?email=`, e.g. from an invitation) to start a form with. */
export function useSuggestedEmail(): string {
  const [params] = useSearchParams();
  return params.get('email')?.trim().slice(0, 254) ?? '';
}
