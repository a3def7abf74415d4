import { useSession } from '@gatehouse/client/react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, type MouseEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';

type SignInAgainLinkProps = Omit<ComponentProps<typeof Link>, 'to' | 'onClick'> & {
  /** Where to come back to after signing in. */
  next: string;
};

/**
 * A link to sign-in that ends the current session first: the sign-in screen sends signed-in people
 * straight back, and a too-old session is exactly what has to be replaced.
 */
export function SignInAgainLink({ next, children, ...props }: SignInAgainLinkProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refetch } = useSession();
  const [isPending, setPending] = useState(false);
  // Slashes may stay as they are in a query: the link reads /sign-in?next=/account/delete.
  const href = `${paths.signIn}?next=${encodeURIComponent(next).replaceAll('%2F', '/')}`;

  async function signInAgain(event: MouseEvent) {
    event.preventDefault();
    if (isPending) return;
    setPending(true);
    try {
      await authClient.signOut();
      await refetch();
      queryClient.clear();
      navigate(href, { replace: true });
    } catch (error) {
      setPending(false);
      toast.error(errorMessage(error, t));
    }
  }

  return (
    <Link to={href} onClick={signInAgain} aria-disabled={isPending || undefined} {...props}>
      {children ?? t('account.signInAgain')}
    </Link>
  );
}
