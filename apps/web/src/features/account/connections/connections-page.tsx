import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { socialErrorText } from '../../../lib/social-error-messages.ts';
import { ConnectedAccountsCard } from './connected-accounts-card.tsx';

/**
 * `/account/connections`: the connected accounts. A link flow comes back here; its outcome is in
 * the query (`?linked=1`, or `?error=<code>` from the server's callback).
 */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('error');
  const text = error === null ? null : socialErrorText(error);

  return (
    <div className="space-y-6">
      <title>{`${t('social.connections.title')} · Gatehouse`}</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{t('social.connections.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('social.connections.explain')}</p>
      </div>
      {text ? (
        <Alert tone="error">
          <strong className="font-medium">{t(text.title)}.</strong> {t(text.message)}
        </Alert>
      ) : (
        params.has('linked') && <Alert tone="success">{t('social.connections.linked')}</Alert>
      )}
      <ConnectedAccountsCard />
    </div>
  );
}
