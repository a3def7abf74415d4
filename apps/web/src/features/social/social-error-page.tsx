import { useSession } from '@gatehouse/client/react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { paths } from '../../config/paths.ts';
import { useTranslation } from '../../i18n/language.ts';
import { displayableCode, socialErrorText } from '../../lib/social-error-messages.ts';

/**
 * `/social-error?error=<code>`: where a social sign-in that failed comes back to. It says what
 * happened and offers the way back: to sign-in, or to the account for someone signed in.
 */
export function SocialErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('error');
  const keys = socialErrorText(code);
  const text = { title: t(keys.title), message: t(keys.message) };
  const shownCode = displayableCode(code);
  const { data } = useSession();

  return (
    <div className="mx-auto w-full max-w-md space-y-4">
      <title>{`${text.title} · Gatehouse`}</title>
      <Card>
        <header className="mb-4 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{text.title}</h1>
        </header>
        <Alert tone="error">{text.message}</Alert>
        {shownCode && (
          <p className="mt-3 text-xs text-muted-foreground">
            {t('social.errorCode')} <code>{shownCode}</code>
          </p>
        )}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          {data ? (
            <LinkButton to={paths.accountConnections}>{t('social.backToAccount')}</LinkButton>
          ) : (
            <LinkButton to={paths.signIn}>{t('social.backToSignIn')}</LinkButton>
          )}
          <LinkButton to={paths.home} variant="secondary">
            {t('social.home')}
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}
