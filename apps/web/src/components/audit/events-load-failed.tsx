import { useTranslation } from '../../i18n/language.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/** Events that could not be loaded: why, and a way to ask again. */
export function EventsLoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
      <span>
        {t('audit.loadFailed')} {errorMessage(error)}
      </span>
      <Button variant="secondary" onClick={retry}>
        {t('audit.retry')}
      </Button>
    </Alert>
  );
}
