import { useQuery } from '@tanstack/react-query';
import { TabNav } from '../../../components/tab-nav.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';

/** The admin console's sections as tabs; the current one carries aria-current="page". */
export function AdminNav() {
  const { t } = useTranslation();
  // Webhooks only where the server offers them (WEBHOOKS).
  const config = useQuery(productConfigQueryOptions());
  const sections = [
    { to: paths.adminUsers, label: t('audit.navUsers') },
    { to: paths.adminAudit, label: t('audit.adminTitle') },
    ...(config.data?.webhooks ? [{ to: paths.adminWebhooks, label: t('webhook.title') }] : []),
  ];
  return <TabNav label={t('admin.nav')} tabs={sections} />;
}
