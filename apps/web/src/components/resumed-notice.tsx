import { useTranslation } from '../i18n/language.ts';
import { Alert } from './ui/alert.tsx';

/** Said in a form that opened again after the person confirmed it is them with a provider. */
export function ResumedNotice() {
  const { t } = useTranslation();
  return <Alert tone="success">{t('reauth.resumed')}</Alert>;
}
