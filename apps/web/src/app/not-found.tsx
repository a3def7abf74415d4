import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { useTranslation } from '../i18n/language.ts';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 text-center">
      <title>{`${t('ui.notFound.title')} · Gatehouse`}</title>
      <h1 className="text-2xl font-semibold">{t('ui.notFound.title')}</h1>
      <p className="text-muted-foreground">
        <Link className="underline" to={paths.home}>
          {t('ui.notFound.home')}
        </Link>
      </p>
    </div>
  );
}
