import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { type EmailedWay, EmailSignInForm } from './email-sign-in-form.tsx';

/** The ways this server emails, from its public settings. */
export function useEmailedWays(): EmailedWay[] {
  const config = useQuery(productConfigQueryOptions()).data;
  return [...(config?.magicLink ? ['link' as const] : []), ...(config?.emailOtp ? ['code' as const] : [])];
}

/** Signing in with an emailed link or code; a link that failed comes back here with `?error=`. */
export function EmailSignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ways = useEmailedWays();
  const error = params.get('error');
  return (
    <AuthCard
      title={t('passwordless.title')}
      description={t('passwordless.description')}
      footer={
        <p>
          <Link to={paths.signIn} className="font-medium text-foreground underline underline-offset-4">
            {t('passwordless.withPassword')}
          </Link>
        </p>
      }
    >
      {error && (
        <Alert tone="error" className="mb-4">
          {t(
            error === 'new_user_signup_disabled'
              ? 'passwordless.error.signUpClosed'
              : 'passwordless.linkFailed',
          )}
        </Alert>
      )}
      {ways.length > 0 ? <EmailSignInForm ways={ways} /> : <p>{t('passwordless.off')}</p>}
    </AuthCard>
  );
}
