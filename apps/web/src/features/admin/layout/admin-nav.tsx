import { TabNav } from '../../../components/tab-nav.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';

/** The admin console's sections as tabs; the current one carries aria-current="page". */
export function AdminNav() {
  const { t } = useTranslation();
  const sections = [
    { to: paths.adminUsers, label: t('audit.navUsers') },
    { to: paths.adminAudit, label: t('audit.adminTitle') },
    { to: paths.adminWebhooks, label: t('webhook.title') },
  ];
  return <TabNav label={t('admin.nav')} tabs={sections} />;
}
