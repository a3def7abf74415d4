import { useSession } from '@gatehouse/client/react';
import { RichText } from '../../../components/rich-text.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';

/** `/`: what Gatehouse is, and the way in (or back to the account). */
export function HomePage() {
  const { t } = useTranslation();
  const { data, isPending } = useSession();
  return (
    <div className="mx-auto w-full max-w-md space-y-6 py-8 text-center sm:py-16">
      <title>Gatehouse</title>
      <div className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('auth.home.title')}</h1>
        <p className="text-muted-foreground">{t('auth.home.explain')}</p>
      </div>
      {isPending && !data ? (
        <div className="flex justify-center">
          <Spinner />
        </div>
      ) : data ? (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">
            <RichText
              text={t('auth.home.signedInAs')}
              values={{ email: <strong className="break-all text-foreground">{data.user.email}</strong> }}
            />
          </p>
          <LinkButton to={paths.account}>{t('auth.home.toAccount')}</LinkButton>
        </div>
      ) : (
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton to={paths.signIn}>{t('auth.signIn')}</LinkButton>
          <LinkButton to={paths.signUp} variant="secondary">
            {t('auth.home.createAccount')}
          </LinkButton>
        </div>
      )}
    </div>
  );
}
