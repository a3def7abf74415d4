import type { SocialProvider } from '@gatehouse/client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { leaveApp } from '../../../lib/leave-app.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';

interface SocialButtonsProps {
  /** The page that sent the person to sign in (a path of this site), to come back to afterwards. */
  next: string | null;
}

/**
 * One "Continue with …" button per provider the server is configured for; nothing at all when
 * there are none (or the list can't be read: the email form still works). A click asks the server
 * for the provider's sign-in URL and leaves for it. Failures come back to /social-error, and a
 * first sign-in (a new account) lands on the account page, unless a `next` page is waiting.
 */
export function SocialButtons({ next }: SocialButtonsProps) {
  const { t } = useTranslation();
  const config = useQuery(productConfigQueryOptions());
  const start = useMutation({
    mutationFn: (provider: SocialProvider) =>
      authClient.signInSocial({
        provider: provider.id,
        callbackURL: next ?? paths.home,
        errorCallbackURL: paths.socialError,
        newUserCallbackURL: next ?? paths.account,
      }),
    onSuccess: (answer) => leaveApp(answer.url),
  });

  const providers = config.data?.socialProviders ?? [];
  if (providers.length === 0) return null;
  // Once one button was pressed the page is on its way out: every button stays busy.
  const busy = start.isPending || start.isSuccess;

  return (
    <div className="mt-6 space-y-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        {t('social.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      {start.isError && <Alert tone="error">{errorMessage(start.error, t)}</Alert>}
      <ul className="space-y-2" aria-label={t('social.otherWays')}>
        {providers.map((provider) => (
          <li key={provider.id}>
            <Button
              type="button"
              variant="secondary"
              className="w-full"
              pending={busy && start.variables?.id === provider.id}
              disabled={busy}
              onClick={() => start.mutate(provider)}
            >
              {t('social.continueWith', { provider: provider.name })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
