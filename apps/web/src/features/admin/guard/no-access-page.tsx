import { useSession } from '@gatehouse/client/react';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { withElements } from '../../../i18n/with-elements.ts';

/** What a signed-in person without admin rights sees at an admin address. */
export function NoAccessPage() {
  const { t } = useTranslation();
  const { data } = useSession();
  return (
    <div className="mx-auto max-w-md space-y-4 text-center">
      <title>{`${t('admin.noAccess.title')} · Gatehouse`}</title>
      <h1 className="text-2xl font-semibold">{t('admin.noAccess.heading')}</h1>
      <p className="text-muted-foreground">
        {withElements(t('admin.noAccess.explain'), {
          email: <strong className="wrap-anywhere text-foreground">{data?.user.email}</strong>,
        })}
      </p>
      <LinkButton to={paths.account} variant="secondary">
        {t('admin.noAccess.toAccount')}
      </LinkButton>
    </div>
  );
}
